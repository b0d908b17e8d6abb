#include "domain/Email.hpp"

#include <algorithm>
#include <lodestone/free_mail.hpp>

#include "domain/HostNames.hpp"
#include "domain/InputText.hpp"

namespace lodestone::domain {
namespace {

bool isAtext(char c) {
    static constexpr std::string_view kSpecials = "!#$%&'*+/=?^_`{|}~-";
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           kSpecials.find(c) != std::string_view::npos;
}

std::optional<std::string> localPartProblem(std::string_view local) {
    if (local.empty()) return "has nothing before the @";
    if (local.size() > kMaxEmailLocalPart) {
        return "has a local part (before the @) longer than " + std::to_string(kMaxEmailLocalPart) +
               " characters";
    }
    if (!std::all_of(local.begin(), local.end(), [](char c) { return c == '.' || isAtext(c); })) {
        return "has a character before the @ other than letters, digits and "
               "!#$%&'*+/=?^_`{|}~.-";
    }
    if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos) {
        return "has a dot at either end of its local part, or two dots in a row";
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> emailProblem(std::string_view address) {
    if (auto flaw = characterFlaw(address); flaw != CharacterFlaw::None) return describe(flaw);
    if (address.size() > kMaxEmailLength) {
        return "is longer than " + std::to_string(kMaxEmailLength) + " characters";
    }
    const auto at = address.find('@');
    if (at == std::string_view::npos) return "has no @";
    if (address.find('@', at + 1) != std::string_view::npos) return "has more than one @";
    if (auto problem = localPartProblem(address.substr(0, at))) return problem;
    const auto domain = address.substr(at + 1);
    if (domain.size() > kMaxEmailDomain) {
        return "has a domain longer than " + std::to_string(kMaxEmailDomain) + " characters";
    }
    if (auto problem = hostNameProblem(domain)) return "has a domain that " + *problem;
    return std::nullopt;
}

bool isValidEmail(std::string_view address) {
    return !emailProblem(address);
}

std::string emailDomain(std::string_view address) {
    auto at = address.rfind('@');
    if (at == std::string_view::npos) return "";
    return lowercaseHostName(address.substr(at + 1));
}

std::optional<std::string> companyDomainOf(std::string_view address) {
    std::string domain = emailDomain(address);
    if (domain.empty() || free_mail::isBuiltIn(domain)) return std::nullopt;
    return domain;
}

}  // namespace lodestone::domain
