#include "bench/json/BodyShapes.hpp"

#include "domain/ClientJson.hpp"

namespace lodestone::bench::json {
namespace {

const std::string kOpening = R"({"email":"ada@example.com",)";

// `count` members "key_100000":0, ... of one width (no braces).
std::string members(std::size_t count) {
    std::string out;
    out.reserve(count * 16);
    for (std::size_t i = 0; i < count; ++i) {
        out += (i ? ",\"key_" : "\"key_") + std::to_string(100000 + i) + "\":0";
    }
    return out;
}

// `opening`, `unit` repeated with commas as often as fits, `closing`: at most `size` bytes.
std::string filled(const std::string& opening, const std::string& unit, const std::string& closing,
                   std::size_t size) {
    std::string out = opening;
    out.reserve(size);
    while (out.size() + unit.size() + 1 + closing.size() <= size) {
        if (out.size() > opening.size()) out += ',';
        out += unit;
    }
    return out + closing;
}

std::string filledWithKeys(const std::string& opening, const std::string& closing,
                           std::size_t size) {
    const std::size_t width = members(1).size() + 1;  // with its comma
    return opening + members((size - opening.size() - closing.size()) / width) + closing;
}

}  // namespace

std::vector<BodyShape> bodyShapes(std::size_t size) {
    const std::size_t depth = (size - kOpening.size() - 8) / 2;
    const std::size_t stringBytes = size - kOpening.size() - 16;
    // The most keys one object may have: each costs the most it can.
    const std::size_t fullObject = domain::kMaxObjectKeys;
    std::string escapes;
    while (escapes.size() + 6 <= stringBytes) escapes += "\\u00e9";
    return {
        {"top-keys", "distinct keys at the top", filledWithKeys(kOpening, "}", size)},
        {"custom-keys", "distinct keys in customFields",
         filledWithKeys(kOpening + "\"customFields\":{", "}}", size)},
        {"deep", "nested arrays, as deep as fit",
         kOpening + "\"x\":" + std::string(depth, '[') + std::string(depth, ']') + "}"},
        {"long-string", "one string of ASCII",
         kOpening + "\"padding\":\"" + std::string(stringBytes, 'x') + "\"}"},
        {"escaped-string", "one string of \\u00e9 escapes",
         kOpening + "\"padding\":\"" + escapes + "\"}"},
        {"small-arrays", "[] items", filled(kOpening + "\"x\":[", "[]", "]}", size)},
        {"numbers", "0 items", filled(kOpening + "\"x\":[", "0", "]}", size)},
        {"keyed-objects", "objects of " + std::to_string(fullObject) + " keys",
         filled(kOpening + "\"x\":[", "{" + members(fullObject) + "}", "]}", size)},
        {"attack-60k", "60,000 keys at the top", kOpening + members(60000) + "}"},
        {"attack-30k", "30,000 keys in customFields",
         kOpening + "\"customFields\":{" + members(30000) + "}}"},
    };
}

}  // namespace lodestone::bench::json
