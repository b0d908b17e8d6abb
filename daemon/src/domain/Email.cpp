#include "domain/Email.hpp"

#include <algorithm>
#include <cctype>
#include <lodestone/free_mail.hpp>

namespace lodestone::domain {
namespace {

constexpr std::size_t kMaxAddress = 254;
constexpr std::size_t kMaxLocal = 64;
constexpr std::size_t kMaxLabel = 63;

bool isAtext(char c) {
    static constexpr std::string_view kSpecials = "!#$%&'*+/=?^_`{|}~-";
    return std::isalnum(static_cast<unsigned char>(c)) ||
           kSpecials.find(c) != std::string_view::npos;
}

bool validLocalPart(std::string_view local) {
    if (local.empty() || local.size() > kMaxLocal) return false;
    if (local.front() == '.' || local.back() == '.') return false;
    if (local.find("..") != std::string_view::npos) return false;
    return std::all_of(local.begin(), local.end(), [](char c) { return c == '.' || isAtext(c); });
}

bool validLabel(std::string_view label) {
    if (label.empty() || label.size() > kMaxLabel) return false;
    if (label.front() == '-' || label.back() == '-') return false;
    return std::all_of(label.begin(), label.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
    });
}

bool validDomain(std::string_view domain) {
    int labels = 0;
    std::string_view label;
    while (true) {
        auto dot = domain.find('.');
        label = domain.substr(0, dot);
        if (!validLabel(label)) return false;
        ++labels;
        if (dot == std::string_view::npos) break;
        domain.remove_prefix(dot + 1);
    }
    // A top-level domain is never all digits; this also refuses bare IPv4 addresses.
    bool namedTld = std::any_of(label.begin(), label.end(),
                                [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
    return labels >= 2 && namedTld;
}

}  // namespace

bool isValidEmail(std::string_view address) {
    if (address.size() > kMaxAddress) return false;
    auto at = address.rfind('@');
    if (at == std::string_view::npos) return false;
    return validLocalPart(address.substr(0, at)) && validDomain(address.substr(at + 1));
}

std::string emailDomain(std::string_view address) {
    auto at = address.rfind('@');
    if (at == std::string_view::npos) return "";
    std::string domain(address.substr(at + 1));
    std::transform(domain.begin(), domain.end(), domain.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return domain;
}

std::optional<std::string> companyDomainOf(std::string_view address) {
    std::string domain = emailDomain(address);
    if (domain.empty() || free_mail::isBuiltIn(domain)) return std::nullopt;
    return domain;
}

}  // namespace lodestone::domain
