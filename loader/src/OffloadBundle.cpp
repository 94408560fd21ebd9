// Reading plain and compressed offload bundles, never trusting a single header field.
#include "hipcore/loader/OffloadBundle.h"

#include <algorithm>

#include "hipcore/loader/CompressedBundle.h"

namespace hipcore::loader {
namespace {

// Plausibility limits for headers read without a known size (registration hands a pointer).
constexpr uint64_t kMaxEntries = 4096;
constexpr uint64_t kMaxIdLength = 1024;
constexpr uint64_t kEntryHeaderSize = 24;

using ull = unsigned long long;

Result<std::vector<BundleEntry>> parsePlain(Bytes data) {
  uint64_t cursor = kOffloadBundleMagic.size();
  auto count = loadAt<uint64_t>(data, cursor);
  if (!count) return errorf("bundle of %zu bytes too short for its entry count", data.size());
  if (*count > kMaxEntries)
    return errorf("bundle claims %llu entries (limit %llu)", ull(*count), ull(kMaxEntries));
  cursor += 8;
  std::vector<BundleEntry> entries;
  for (uint64_t i = 0; i < *count; ++i) {
    auto offset = loadAt<uint64_t>(data, cursor);
    auto size = loadAt<uint64_t>(data, cursor + 8);
    auto idLength = loadAt<uint64_t>(data, cursor + 16);
    if (!offset || !size || !idLength)
      return errorf("bundle entry %llu header at 0x%llx past end of %zu-byte image", ull(i),
                    ull(cursor), data.size());
    cursor += kEntryHeaderSize;
    if (*idLength > kMaxIdLength || !fitsIn(cursor, *idLength, data.size()))
      return errorf("bundle entry %llu id of %llu bytes at 0x%llx past end of %zu-byte image",
                    ull(i), ull(*idLength), ull(cursor), data.size());
    std::string id(asText(data.subspan(cursor, *idLength)));
    cursor += *idLength;
    if (!fitsIn(*offset, *size, data.size()))
      return errorf("bundle entry %llu (%s) offset 0x%llx size %llu past end of %zu-byte image",
                    ull(i), id.c_str(), ull(*offset), ull(*size), data.size());
    entries.push_back({std::move(id), data.subspan(*offset, *size)});
  }
  return entries;
}

}  // namespace

bool isPlainBundle(Bytes data) {
  return data.size() >= kOffloadBundleMagic.size() &&
         asText(data.first(kOffloadBundleMagic.size())) == kOffloadBundleMagic;
}

Result<OffloadBundle> OffloadBundle::parse(Bytes data) {
  OffloadBundle bundle;
  if (isCompressedBundle(data)) {
    auto plain = decompressBundle(data);
    if (!plain) return plain.error();
    bundle.storage_ = std::make_shared<const std::vector<uint8_t>>(std::move(plain).value());
    data = Bytes(*bundle.storage_);
    if (!isPlainBundle(data))
      return errorf("compressed bundle does not hold a __CLANG_OFFLOAD_BUNDLE__ image");
  } else if (!isPlainBundle(data)) {
    return errorf("not an offload bundle (no __CLANG_OFFLOAD_BUNDLE__ or CCOB magic)");
  }
  auto entries = parsePlain(data);
  if (!entries) return entries.error();
  bundle.entries_ = std::move(entries).value();
  return bundle;
}

Result<uint64_t> OffloadBundle::extent(const uint8_t* start) {
  if (start == nullptr) return errorf("null fat binary");
  // Read only as far as each field proves the header extends; the bound grows as we go.
  Bytes magic(start, 4);
  if (isCompressedBundle(magic)) {
    auto header = parseCompressedBundleHeader(Bytes(start, 32));
    if (!header) return header.error();
    if (header->version < 2)
      return errorf("compressed bundle v1 records no size; cannot register it by pointer");
    return header->totalSize;
  }
  if (!isPlainBundle(Bytes(start, kOffloadBundleMagic.size())))
    return errorf("not an offload bundle (no __CLANG_OFFLOAD_BUNDLE__ or CCOB magic)");
  uint64_t cursor = kOffloadBundleMagic.size();
  auto count = *loadAt<uint64_t>(Bytes(start, cursor + 8), cursor);
  if (count > kMaxEntries) return errorf("bundle claims %llu entries", ull(count));
  cursor += 8;
  uint64_t end = cursor;
  for (uint64_t i = 0; i < count; ++i) {
    Bytes header(start, cursor + kEntryHeaderSize);
    uint64_t offset = *loadAt<uint64_t>(header, cursor);
    uint64_t size = *loadAt<uint64_t>(header, cursor + 8);
    uint64_t idLength = *loadAt<uint64_t>(header, cursor + 16);
    if (idLength > kMaxIdLength || offset > (uint64_t{1} << 40) || size > (uint64_t{1} << 40))
      return errorf("bundle entry %llu header implausible (offset 0x%llx size %llu id %llu)",
                    ull(i), ull(offset), ull(size), ull(idLength));
    cursor += kEntryHeaderSize + idLength;
    end = std::max<uint64_t>({end, cursor, offset + size});
  }
  return end;
}

}  // namespace hipcore::loader
