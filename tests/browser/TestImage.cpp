#include "TestImage.hpp"

#include <Poco/Checksum.h>
#include <Poco/DeflatingStream.h>

#include <cstdint>
#include <sstream>

namespace lodestone::test {
namespace {

void bigEndian(std::string& out, std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((value >> shift) & 0xFF);
}

// A PNG chunk: length, type, data, and the CRC-32 of type and data.
void chunk(std::string& png, const std::string& type, const std::string& data) {
    bigEndian(png, static_cast<std::uint32_t>(data.size()));
    Poco::Checksum crc(Poco::Checksum::TYPE_CRC32);
    crc.update(type + data);
    png += type + data;
    bigEndian(png, crc.checksum());
}

}  // namespace

std::string logoPng(int width, int height) {
    std::string header;
    bigEndian(header, static_cast<std::uint32_t>(width));
    bigEndian(header, static_cast<std::uint32_t>(height));
    header += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, no interlace
    std::string pixels;
    for (int y = 0; y < height; ++y) {
        pixels += '\0';  // filter: none
        for (int x = 0; x < width; ++x) {
            const bool stripe = ((x + y) / 6) % 4 == 0 && x > height / 2 && x < width - height / 2;
            const bool dot =
                (x - height / 2) * (x - height / 2) + (y - height / 2) * (y - height / 2) <
                (height / 3) * (height / 3);
            const unsigned char r = dot ? 0xF2 : stripe ? 0x9A : 0x0B;
            const unsigned char g = dot ? 0xC9 : stripe ? 0xD9 : 0x7A;
            const unsigned char b = dot ? 0x4C : stripe ? 0xC0 : 0x5A;
            pixels += static_cast<char>(r);
            pixels += static_cast<char>(g);
            pixels += static_cast<char>(b);
        }
    }
    std::ostringstream compressed;
    {
        Poco::DeflatingOutputStream deflate(compressed, Poco::DeflatingStreamBuf::STREAM_ZLIB);
        deflate << pixels;
        deflate.close();
    }
    std::string png("\x89PNG\r\n\x1A\n", 8);
    chunk(png, "IHDR", header);
    chunk(png, "IDAT", compressed.str());
    chunk(png, "IEND", "");
    return png;
}

}  // namespace lodestone::test
