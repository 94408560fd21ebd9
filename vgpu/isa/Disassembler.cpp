// LLVM MC based decoding of gfx10.3 / gfx11 machine code (one instruction at a time).
#include "isa/Disassembler.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/MC/MCAsmInfo.h>
#include <llvm/MC/MCContext.h>
#include <llvm/MC/MCDisassembler/MCDisassembler.h>
#include <llvm/MC/MCInst.h>
#include <llvm/MC/MCInstPrinter.h>
#include <llvm/MC/MCInstrInfo.h>
#include <llvm/MC/MCRegisterInfo.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/MCTargetOptions.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Triple.h>

#include <mutex>

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUDisassembler();
}

namespace vgpu::isa {

const char* targetName(GpuTarget target) {
  return target == GpuTarget::gfx1100 ? "gfx1100" : "gfx1030";
}

struct Disassembler::Impl {
  llvm::Triple triple{"amdgcn-amd-amdhsa"};
  std::unique_ptr<llvm::MCRegisterInfo> mri;
  std::unique_ptr<llvm::MCAsmInfo> mai;
  std::unique_ptr<llvm::MCInstrInfo> mii;
  std::unique_ptr<llvm::MCSubtargetInfo> sti;
  std::unique_ptr<llvm::MCContext> ctx;
  std::unique_ptr<llvm::MCDisassembler> disasm;
  std::unique_ptr<llvm::MCInstPrinter> printer;
};

Disassembler::Disassembler(GpuTarget target, bool wave64) : impl_(std::make_unique<Impl>()) {
  static std::once_flag initOnce;
  std::call_once(initOnce, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUDisassembler();
  });
  std::string err;
  const llvm::Target* t = llvm::TargetRegistry::lookupTarget(impl_->triple.str(), err);
  if (!t) {
    error_ = "LLVM has no AMDGPU target: " + err;
    return;
  }
  Impl& m = *impl_;
  m.mri.reset(t->createMCRegInfo(m.triple.str()));
  m.mai.reset(t->createMCAsmInfo(*m.mri, m.triple.str(), llvm::MCTargetOptions()));
  m.mii.reset(t->createMCInstrInfo());
  const char* features = wave64 ? "+wavefrontsize64" : "+wavefrontsize32";
  m.sti.reset(t->createMCSubtargetInfo(m.triple.str(), targetName(target), features));
  if (!m.mri || !m.mai || !m.mii || !m.sti) {
    error_ = std::string("cannot create LLVM MC objects for ") + targetName(target);
    return;
  }
  m.ctx = std::make_unique<llvm::MCContext>(m.triple, m.mai.get(), m.mri.get(), m.sti.get());
  m.disasm.reset(t->createMCDisassembler(*m.sti, *m.ctx));
  m.printer.reset(
      t->createMCInstPrinter(m.triple, m.mai->getAssemblerDialect(), *m.mai, *m.mii, *m.mri));
  if (!m.disasm || !m.printer) error_ = "cannot create the AMDGPU disassembler or printer";
}

Disassembler::~Disassembler() = default;

std::optional<DecodedInstruction> Disassembler::decode(const std::uint8_t* bytes,
                                                       std::size_t available,
                                                       std::uint64_t address) {
  if (!error_.empty()) return std::nullopt;
  llvm::MCInst inst;
  std::uint64_t size = 0;
  auto status = impl_->disasm->getInstruction(
      inst, size, llvm::ArrayRef<std::uint8_t>(bytes, available), address, llvm::nulls());
  if (status != llvm::MCDisassembler::Success || size == 0) return std::nullopt;
  DecodedInstruction out;
  out.address = address;
  out.size = static_cast<std::uint32_t>(size);
  llvm::raw_string_ostream os(out.text);
  impl_->printer->printInst(&inst, address, "", *impl_->sti, os);
  os.flush();
  std::size_t start = out.text.find_first_not_of(" \t");
  out.text.erase(0, start == std::string::npos ? out.text.size() : start);
  return out;
}

}  // namespace vgpu::isa
