// Parsing a library's settings struct (core::Settings, hiprtc::Settings, vgpu::Options) from an
// injected environment, keeping the messages it gives: the tests never touch the real one.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace settingstest {

template <typename Settings>
struct Parsed {
  Settings settings;
  std::vector<std::string> messages;
};

template <typename Settings>
Parsed<Settings> parse(const std::map<std::string, std::string>& env) {
  Parsed<Settings> p;
  p.settings = Settings::parse(
      [&env](const char* name) {
        auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
      },
      [&p](const std::string& line) { p.messages.push_back(line); });
  return p;
}

}  // namespace settingstest
