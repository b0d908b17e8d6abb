#include "domain/EmailSends.hpp"

#include "domain/EnumNames.hpp"

namespace lodestone::domain {
namespace {

constexpr EnumNames<EmailSendStatus, 5> kStatusNames{{
    {EmailSendStatus::Pending, "pending"},
    {EmailSendStatus::Sent, "sent"},
    {EmailSendStatus::Failed, "failed"},
    {EmailSendStatus::Bounced, "bounced"},
    {EmailSendStatus::Cancelled, "cancelled"},
}};

constexpr EnumNames<SuppressionReason, 4> kReasonNames{{
    {SuppressionReason::Unsubscribed, "unsubscribed"},
    {SuppressionReason::Bounced, "bounced"},
    {SuppressionReason::Added, "added"},
    {SuppressionReason::Erased, "erased"},
}};

}  // namespace

std::string_view toString(EmailSendStatus status) {
    return nameOf(kStatusNames, status);
}

std::optional<EmailSendStatus> emailSendStatusFromString(std::string_view text) {
    return valueOf(kStatusNames, text);
}

std::string_view toString(SuppressionReason reason) {
    return nameOf(kReasonNames, reason);
}

std::optional<SuppressionReason> suppressionReasonFromString(std::string_view text) {
    return valueOf(kReasonNames, text);
}

std::string_view toString(SuppressionKind kind) {
    return kind == SuppressionKind::Domain ? "domain" : "address";
}

std::string suppressionEntry(const Suppression& suppression) {
    if (suppression.kind == SuppressionKind::Domain) return suppression.domain.value_or("");
    return suppression.address.value_or("");
}

bool domainCovers(std::string_view domain, std::string_view address) {
    const auto at = address.rfind('@');
    if (at == std::string_view::npos || domain.empty()) return false;
    const auto own = address.substr(at + 1);
    if (own == domain) return true;
    return own.size() > domain.size() && own.ends_with(domain) &&
           own[own.size() - domain.size() - 1] == '.';
}

std::vector<std::string> coveringDomains(std::string_view address) {
    std::vector<std::string> domains;
    const auto at = address.rfind('@');
    if (at == std::string_view::npos) return domains;
    auto rest = address.substr(at + 1);
    // Stop before the last label: "com" alone is no entry's domain.
    while (rest.find('.') != std::string_view::npos) {
        domains.emplace_back(rest);
        rest.remove_prefix(rest.find('.') + 1);
    }
    return domains;
}

}  // namespace lodestone::domain
