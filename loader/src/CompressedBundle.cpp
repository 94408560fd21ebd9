// Reading (and, for tests, writing) CCOB compressed offload bundles with zstd and zlib.
#include "hipcore/loader/CompressedBundle.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <limits>
#include <memory>

namespace hipcore::loader {
namespace {

// Never allocate more than this for one bundle, whatever a corrupt header claims.
constexpr uint64_t kMaxUncompressedSize = uint64_t{4} << 30;

uint64_t headerSizeOf(uint16_t version) {
  switch (version) {
    case 1:
      return 20;  // 4 magic + 2 version + 2 method + 4 size + 8 hash
    case 2:
      return 24;
    case 3:
      return 32;
    default:
      return 0;
  }
}

// Output grows with what the stream really produces, never straight to the header's claim: a
// 24-byte header may claim 4 GiB over a stream that holds nothing (found by fuzz_ccob).
constexpr size_t kFirstChunk = size_t{64} << 10;

// Makes room for more output, doubling, but never beyond `expected`.
void grow(std::vector<uint8_t>& out, uint64_t expected) {
  uint64_t next = std::max<uint64_t>(kFirstChunk, uint64_t{out.size()} * 2);
  out.resize(static_cast<size_t>(std::min(next, expected)));
}

Result<std::vector<uint8_t>> inflateZstd(Bytes compressed, uint64_t expected) {
  std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> context(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!context) return errorf("zstd: cannot create a decompression context");
  std::vector<uint8_t> out;
  ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
  size_t produced = 0;
  size_t pending = 1;  // ZSTD_decompressStream's hint: 0 once a frame is complete
  while (in.pos < in.size || pending != 0) {
    if (produced == out.size()) grow(out, expected);
    ZSTD_outBuffer buffer{out.data(), out.size(), produced};
    size_t consumed = in.pos;
    pending = ZSTD_decompressStream(context.get(), &buffer, &in);
    if (ZSTD_isError(pending))
      return errorf("zstd stream of %zu bytes: %s", compressed.size(), ZSTD_getErrorName(pending));
    bool progressed = buffer.pos != produced || in.pos != consumed;
    produced = buffer.pos;
    if (progressed) continue;
    if (produced == out.size())
      return errorf("zstd stream of %zu bytes produces more than the %llu bytes the header says",
                    compressed.size(), static_cast<unsigned long long>(expected));
    return errorf("zstd stream of %zu bytes is truncated", compressed.size());
  }
  if (produced != expected)
    return errorf("zstd stream produced %zu bytes, header says %llu", produced,
                  static_cast<unsigned long long>(expected));
  out.resize(produced);
  return out;
}

Result<std::vector<uint8_t>> inflateZlib(Bytes compressed, uint64_t expected) {
  if (compressed.size() > std::numeric_limits<uInt>::max()) return errorf("zlib stream too large");
  z_stream stream{};
  if (inflateInit(&stream) != Z_OK) return errorf("zlib: cannot initialise inflate");
  std::unique_ptr<z_stream, int (*)(z_stream*)> owner(&stream, inflateEnd);
  stream.next_in = const_cast<Bytef*>(compressed.data());
  stream.avail_in = static_cast<uInt>(compressed.size());
  std::vector<uint8_t> out;
  uint64_t produced = 0;
  uint8_t none = 0;  // inflate refuses a null output pointer, even for zero bytes
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    if (produced == out.size()) grow(out, expected);
    uint64_t room = std::min<uint64_t>(out.size() - produced, std::numeric_limits<uInt>::max());
    uInt inputBefore = stream.avail_in;
    stream.next_out = out.empty() ? &none : out.data() + produced;
    stream.avail_out = static_cast<uInt>(room);
    status = inflate(&stream, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
      return errorf("zlib stream of %zu bytes: %s", compressed.size(),
                    stream.msg ? stream.msg : zError(status));
    bool progressed = stream.avail_out != room || stream.avail_in != inputBefore;
    produced += room - stream.avail_out;
    if (progressed || status == Z_STREAM_END) continue;
    if (produced == out.size())
      return errorf("zlib stream of %zu bytes produces more than the %llu bytes the header says",
                    compressed.size(), static_cast<unsigned long long>(expected));
    return errorf("zlib stream of %zu bytes is truncated", compressed.size());
  }
  if (produced != expected)
    return errorf("zlib stream produced %llu bytes, header says %llu",
                  static_cast<unsigned long long>(produced),
                  static_cast<unsigned long long>(expected));
  out.resize(static_cast<size_t>(produced));
  return out;
}

}  // namespace

bool isCompressedBundle(Bytes data) {
  return data.size() >= 4 && asText(data.first(4)) == kCompressedBundleMagic;
}

Result<CompressedBundleHeader> parseCompressedBundleHeader(Bytes data) {
  if (!isCompressedBundle(data)) return errorf("compressed bundle: no CCOB magic");
  CompressedBundleHeader header;
  auto version = loadAt<uint16_t>(data, 4);
  auto method = loadAt<uint16_t>(data, 6);
  if (!version || !method)
    return errorf("compressed bundle: %zu-byte image too short for header", data.size());
  header.version = *version;
  header.headerSize = headerSizeOf(header.version);
  if (header.headerSize == 0)
    return errorf("compressed bundle: unknown version %u (known: 1, 2, 3)", header.version);
  if (*method > 1) return errorf("compressed bundle: unknown compression method %u", *method);
  header.method = static_cast<CompressionMethod>(*method);
  if (data.size() < header.headerSize)
    return errorf("compressed bundle v%u: %zu-byte image shorter than its %llu-byte header",
                  header.version, data.size(), static_cast<unsigned long long>(header.headerSize));
  if (header.version == 1) {
    header.uncompressedSize = *loadAt<uint32_t>(data, 8);
    header.hash = *loadAt<uint64_t>(data, 12);
  } else if (header.version == 2) {
    header.totalSize = *loadAt<uint32_t>(data, 8);
    header.uncompressedSize = *loadAt<uint32_t>(data, 12);
    header.hash = *loadAt<uint64_t>(data, 16);
  } else {
    header.totalSize = *loadAt<uint64_t>(data, 8);
    header.uncompressedSize = *loadAt<uint64_t>(data, 16);
    header.hash = *loadAt<uint64_t>(data, 24);
  }
  if (header.version >= 2 && header.totalSize < header.headerSize)
    return errorf("compressed bundle v%u: total size %llu smaller than the header", header.version,
                  static_cast<unsigned long long>(header.totalSize));
  if (header.uncompressedSize > kMaxUncompressedSize)
    return errorf("compressed bundle: uncompressed size %llu exceeds the %llu-byte limit",
                  static_cast<unsigned long long>(header.uncompressedSize),
                  static_cast<unsigned long long>(kMaxUncompressedSize));
  return header;
}

Result<std::vector<uint8_t>> decompressBundle(Bytes data) {
  auto header = parseCompressedBundleHeader(data);
  if (!header) return header.error();
  uint64_t end = data.size();
  if (header->version >= 2) {
    if (header->totalSize > data.size())
      return errorf("compressed bundle v%u: total size %llu past end of %zu-byte image",
                    header->version, static_cast<unsigned long long>(header->totalSize),
                    data.size());
    end = header->totalSize;
  }
  Bytes stream = data.subspan(header->headerSize, end - header->headerSize);
  auto plain = header->method == CompressionMethod::Zstd
                   ? inflateZstd(stream, header->uncompressedSize)
                   : inflateZlib(stream, header->uncompressedSize);
  if (!plain)
    return withContext("compressed bundle v" + std::to_string(header->version), plain.error());
  return plain;
}

Result<std::vector<uint8_t>> compressBundle(Bytes plain, CompressionMethod method,
                                            uint16_t version) {
  uint64_t headerSize = headerSizeOf(version);
  if (headerSize == 0) return errorf("cannot write compressed bundle version %u", version);
  std::vector<uint8_t> stream;
  if (method == CompressionMethod::Zstd) {
    stream.resize(ZSTD_compressBound(plain.size()));
    size_t size = ZSTD_compress(stream.data(), stream.size(), plain.data(), plain.size(), 3);
    if (ZSTD_isError(size)) return errorf("zstd: %s", ZSTD_getErrorName(size));
    stream.resize(size);
  } else {
    uLongf size = compressBound(static_cast<uLong>(plain.size()));
    stream.resize(size);
    int status = compress2(stream.data(), &size, plain.data(), static_cast<uLong>(plain.size()),
                           Z_DEFAULT_COMPRESSION);
    if (status != Z_OK) return errorf("zlib: %s", zError(status));
    stream.resize(size);
  }
  uint64_t total = headerSize + stream.size();
  if (version < 3 && (total > UINT32_MAX || plain.size() > UINT32_MAX))
    return errorf("bundle too large for compressed bundle version %u", version);
  std::vector<uint8_t> out(headerSize);
  auto put = [&out](uint64_t offset, auto value) {
    std::memcpy(out.data() + offset, &value, sizeof(value));
  };
  std::memcpy(out.data(), kCompressedBundleMagic.data(), 4);
  put(4, version);
  put(6, static_cast<uint16_t>(method));
  uint64_t hash = 0;  // identifies the content only; readers here do not check it
  if (version == 1) {
    put(8, static_cast<uint32_t>(plain.size()));
    put(12, hash);
  } else if (version == 2) {
    put(8, static_cast<uint32_t>(total));
    put(12, static_cast<uint32_t>(plain.size()));
    put(16, hash);
  } else {
    put(8, total);
    put(16, static_cast<uint64_t>(plain.size()));
    put(24, hash);
  }
  out.insert(out.end(), stream.begin(), stream.end());
  return out;
}

}  // namespace hipcore::loader
