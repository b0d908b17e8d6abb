#include "outbound/Utf8.hpp"

#include <cstdint>

namespace lodestone::outbound {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// The length of the sequence `lead` starts and the range its second byte must fall in
// (Unicode table 3-7); length 0 for a byte that cannot start a sequence.
struct Lead {
    std::size_t length;
    std::uint8_t secondLow;
    std::uint8_t secondHigh;
};

Lead leadOf(std::uint8_t lead) {
    if (lead >= 0xC2 && lead <= 0xDF) return {2, 0x80, 0xBF};
    if (lead == 0xE0) return {3, 0xA0, 0xBF};  // no overlong forms
    if (lead == 0xED) return {3, 0x80, 0x9F};  // no surrogates
    if (lead >= 0xE1 && lead <= 0xEF) return {3, 0x80, 0xBF};
    if (lead == 0xF0) return {4, 0x90, 0xBF};  // no overlong forms
    if (lead >= 0xF1 && lead <= 0xF3) return {4, 0x80, 0xBF};
    if (lead == 0xF4) return {4, 0x80, 0x8F};  // nothing past U+10FFFF
    return {0, 0, 0};
}

}  // namespace

std::string toValidUtf8(std::string_view bytes) {
    std::string valid;
    valid.reserve(bytes.size());
    std::size_t i = 0;
    while (i < bytes.size()) {
        const auto lead = static_cast<std::uint8_t>(bytes[i]);
        if (lead < 0x80) {
            valid.push_back(bytes[i++]);
            continue;
        }
        const Lead expected = leadOf(lead);
        if (expected.length == 0) {
            valid += kReplacement;
            ++i;
            continue;
        }
        std::size_t good = 1;  // bytes of the sequence seen to be well-formed so far
        while (good < expected.length && i + good < bytes.size()) {
            const auto next = static_cast<std::uint8_t>(bytes[i + good]);
            const std::uint8_t low = good == 1 ? expected.secondLow : 0x80;
            const std::uint8_t high = good == 1 ? expected.secondHigh : 0xBF;
            if (next < low || next > high) break;
            ++good;
        }
        if (good == expected.length) {
            valid.append(bytes.substr(i, good));
        } else {
            valid += kReplacement;
        }
        i += good;
    }
    return valid;
}

}  // namespace lodestone::outbound
