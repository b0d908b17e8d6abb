#include "domain/HostNames.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <vector>

#include "domain/InputText.hpp"

namespace lodestone::domain {
namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

bool isLabelCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '-';
}

bool allDigits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), isDigit);
}

std::vector<std::string_view> labelsOf(std::string_view host) {
    std::vector<std::string_view> labels;
    while (true) {
        const auto dot = host.find('.');
        labels.push_back(host.substr(0, dot));
        if (dot == std::string_view::npos) return labels;
        host.remove_prefix(dot + 1);
    }
}

// Digits and dots only: an IPv4 address, including the short forms ("127.1") resolvers accept.
bool looksLikeIpv4(std::string_view text) {
    const auto labels = labelsOf(text);
    return std::all_of(labels.begin(), labels.end(), allDigits);
}

// What an address or a URL written where a host name belongs has beyond it, which a plain
// character check would only call a bad character.
std::optional<std::string> notJustAHost(std::string_view text) {
    if (text.find("://") != std::string_view::npos || text.find('/') != std::string_view::npos) {
        return "has a scheme or a path; give the host name alone, such as example.com";
    }
    const auto colons = std::count(text.begin(), text.end(), ':');
    if (text.front() == '[' || colons > 1) return "is an IP address, not a host name";
    if (colons == 1) {
        if (looksLikeIpv4(text.substr(0, text.find(':')))) {
            return "is an IP address, not a host name";
        }
        return "has a port; give the host name alone, such as example.com";
    }
    if (text.find('@') != std::string_view::npos) return "has an @; give the host name alone";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> hostNameProblem(std::string_view text) {
    if (auto flaw = characterFlaw(text); flaw != CharacterFlaw::None) return describe(flaw);
    if (text.empty()) return "is empty";
    if (auto problem = notJustAHost(text)) return problem;
    if (looksLikeIpv4(text)) return "is an IP address, not a host name";
    if (text.size() > kMaxHostNameLength) {
        return "is longer than " + std::to_string(kMaxHostNameLength) + " characters";
    }
    const auto labels = labelsOf(text);
    for (const auto label : labels) {
        if (label.empty()) {
            return "has an empty label (a dot at either end, or two dots in a row)";
        }
        if (label.size() > kMaxHostLabelLength) {
            return "has a label longer than " + std::to_string(kMaxHostLabelLength) + " characters";
        }
        if (!std::all_of(label.begin(), label.end(), isLabelCharacter)) {
            return "may hold only letters, digits, '-' and '.'";
        }
        if (label.front() == '-' || label.back() == '-') {
            return "has a label that starts or ends with '-'";
        }
    }
    if (labels.size() < 2)
        return "is a single label; a host name has at least two, such as example.com";
    if (allDigits(labels.back())) return "ends in a label of digits only";
    return std::nullopt;
}

bool isHostName(std::string_view text) {
    return !hostNameProblem(text);
}

std::string lowercaseHostName(std::string_view hostName) {
    return Poco::toLower(std::string(hostName));
}

}  // namespace lodestone::domain
