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

constexpr EnumNames<SuppressionReason, 2> kReasonNames{{
    {SuppressionReason::Unsubscribed, "unsubscribed"},
    {SuppressionReason::Bounced, "bounced"},
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

}  // namespace lodestone::domain
