#include "config/EnvExpansion.hpp"

#include <cstdlib>
#include <stdexcept>

namespace lodestone::config {
namespace {

bool isNameStart(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool isNameChar(char c) {
    return isNameStart(c) || (c >= '0' && c <= '9');
}

}  // namespace

EnvLookup processEnvironment() {
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        if (value == nullptr) return std::nullopt;
        return std::string(value);
    };
}

std::string expandEnvironment(std::string_view text, const EnvLookup& lookup) {
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        if (text.compare(i, 3, "$${") == 0) {
            out += "${";
            i += 3;
            continue;
        }
        if (text.compare(i, 2, "${") != 0) {
            out += text[i++];
            continue;
        }
        std::size_t close = text.find('}', i + 2);
        if (close == std::string_view::npos) {
            throw std::invalid_argument("unterminated ${...} reference");
        }
        std::string name(text.substr(i + 2, close - i - 2));
        bool valid = !name.empty() && isNameStart(name[0]);
        for (char c : name) valid = valid && isNameChar(c);
        if (!valid) throw std::invalid_argument("invalid variable name in ${" + name + "}");
        auto value = lookup(name);
        if (!value) throw std::invalid_argument("environment variable " + name + " is not set");
        out += *value;
        i = close + 1;
    }
    return out;
}

}  // namespace lodestone::config
