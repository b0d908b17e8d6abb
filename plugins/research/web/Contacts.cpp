#include "Contacts.hpp"

#include <algorithm>
#include <cctype>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

bool isLocalChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '%' || c == '+' || c == '-';
}

bool isDomainChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-';
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// A plausible address: a local part and a dotted domain whose last label is 2+ letters, and not
// a file name (retina images are named "logo@2x.png").
std::optional<std::string> checkedEmail(std::string local, std::string domain) {
    while (!local.empty() && local.front() == '.') local.erase(0, 1);
    while (!domain.empty() && (domain.back() == '.' || domain.back() == '-')) domain.pop_back();
    if (local.empty() || local.size() > 64 || domain.size() > 253) return std::nullopt;
    const std::size_t dot = domain.rfind('.');
    if (dot == std::string::npos || dot == 0) return std::nullopt;
    const std::string tld = lowerAscii(domain.substr(dot + 1));
    if (tld.size() < 2 ||
        !std::all_of(tld.begin(), tld.end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
        return std::nullopt;
    }
    for (const char* image : {"png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico"}) {
        if (tld == image) return std::nullopt;
    }
    return local + "@" + lowerAscii(domain);
}

void addOnce(std::vector<std::string>& list, std::string value, std::size_t max) {
    if (list.size() >= max) return;
    if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(std::move(value));
}

// Percent-decoding of a link's value, enough for addresses and numbers ("%20", "%2B").
std::string percentDecoded(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size()) {
            const std::string hex(text.substr(i + 1, 2));
            if (std::isxdigit(static_cast<unsigned char>(hex[0])) &&
                std::isxdigit(static_cast<unsigned char>(hex[1]))) {
                out += static_cast<char>(std::stoi(hex, nullptr, 16));
                i += 2;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

}  // namespace

std::optional<std::string> emailFromMailto(std::string_view href) {
    const std::string trimmed = trim(href);
    if (!startsWithIgnoreCase(trimmed, "mailto:")) return std::nullopt;
    std::string address = percentDecoded(std::string_view(trimmed).substr(7));
    address = address.substr(0, address.find_first_of("?,;"));
    const std::size_t at = address.find('@');
    if (at == std::string::npos || address.find('@', at + 1) != std::string::npos) {
        return std::nullopt;
    }
    const std::string local = trim(address.substr(0, at));
    const std::string domain = trim(address.substr(at + 1));
    if (!std::all_of(local.begin(), local.end(), isLocalChar) ||
        !std::all_of(domain.begin(), domain.end(), isDomainChar)) {
        return std::nullopt;
    }
    return checkedEmail(local, domain);
}

std::optional<std::string> phoneFromTel(std::string_view href) {
    const std::string trimmed = trim(href);
    if (!startsWithIgnoreCase(trimmed, "tel:")) return std::nullopt;
    const std::string number = collapseWhitespace(percentDecoded(trimmed.substr(4)));
    std::size_t digits = 0;
    for (char c : number) {
        if (isDigit(c)) {
            ++digits;
        } else if (c != '+' && c != ' ' && c != '-' && c != '.' && c != '(' && c != ')' &&
                   c != '/') {
            return std::nullopt;
        }
    }
    if (digits < 6 || digits > 15) return std::nullopt;
    return number;
}

std::vector<std::string> emailsIn(std::string_view text, std::size_t max) {
    std::vector<std::string> found;
    std::size_t at = text.find('@');
    while (at != std::string_view::npos && found.size() < max) {
        std::size_t begin = at;
        while (begin > 0 && at - begin < 64 && isLocalChar(text[begin - 1])) --begin;
        std::size_t end = at + 1;
        while (end < text.size() && end - at < 254 && isDomainChar(text[end])) ++end;
        if (auto email = checkedEmail(std::string(text.substr(begin, at - begin)),
                                      std::string(text.substr(at + 1, end - at - 1)))) {
            addOnce(found, *email, max);
        }
        at = text.find('@', at + 1);
    }
    return found;
}

std::vector<std::string> phonesIn(std::string_view text, std::size_t max) {
    std::vector<std::string> found;
    std::size_t at = text.find('+');
    while (at != std::string_view::npos && found.size() < max) {
        std::size_t end = at + 1;
        std::size_t digits = 0;
        while (end < text.size() && end - at < 32) {
            const char c = text[end];
            if (isDigit(c)) {
                ++digits;
            } else if (c != ' ' && c != '-' && c != '.' && c != '(' && c != ')' && c != '/') {
                break;
            }
            ++end;
        }
        while (end > at + 1 && !isDigit(text[end - 1])) --end;
        // A '+' glued to a word ("C++", "x+1") is not the start of a number.
        const bool standsAlone = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
        if (standsAlone && at + 1 < text.size() && isDigit(text[at + 1]) && digits >= 8 &&
            digits <= 15) {
            addOnce(found, std::string(text.substr(at, end - at)), max);
        }
        at = text.find('+', at + 1);
    }
    return found;
}

}  // namespace lodestone::research_web
