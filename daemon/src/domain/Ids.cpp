#include "domain/Ids.hpp"

#include <algorithm>
#include <chrono>

#include "domain/Random.hpp"

namespace lodestone::domain {
namespace {

constexpr std::size_t kSuffixLength = 24;
constexpr std::size_t kTimeLength = 9;  // base 36: milliseconds until the year 5188
constexpr std::size_t kProjectIdLength = 32;

std::string_view prefixOf(IdKind kind) {
    switch (kind) {
        case IdKind::Organisation:
            return "org_";
        case IdKind::ApiKey:
            return "key_";
        case IdKind::Project:
            return "";
        case IdKind::Campaign:
            return "campaign_";
        case IdKind::Lead:
            return "lead_";
        case IdKind::Job:
            return "job_";
        case IdKind::Prospect:
            return "prospect_";
        case IdKind::Meeting:
            return "meeting_";
        case IdKind::WebhookEvent:
            return "msg_";
        case IdKind::EmailSend:
            return "es_";
        case IdKind::Operator:
            return "op_";
        case IdKind::AuditEntry:
            return "audit_";
        case IdKind::WebhookEndpoint:
            return "ep_";
        case IdKind::LeadImport:
            return "import_";
        case IdKind::Suppression:
            return "sup_";
    }
    return "";
}

std::size_t suffixLengthOf(IdKind kind) {
    return kind == IdKind::Project ? kProjectIdLength : kSuffixLength;
}

bool isLowerAlphanumeric(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

}  // namespace

std::string newId(IdKind kind) {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    return newId(kind, std::chrono::duration_cast<std::chrono::milliseconds>(now).count());
}

std::string newId(IdKind kind, std::int64_t millisSinceEpoch) {
    if (kind == IdKind::Project) return randomAlphanumeric(kProjectIdLength);
    // Digits before letters, as in ASCII, so that the text sorts as the number does.
    static constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string id(prefixOf(kind));
    id.resize(id.size() + kTimeLength);
    auto time = static_cast<std::uint64_t>(std::max<std::int64_t>(millisSinceEpoch, 0));
    for (std::size_t i = id.size(); i > id.size() - kTimeLength; --i) {
        id[i - 1] = kDigits[time % 36];
        time /= 36;
    }
    return id + randomAlphanumeric(kSuffixLength - kTimeLength);
}

bool looksLikeId(IdKind kind, std::string_view id) {
    std::string_view prefix = prefixOf(kind);
    if (id.size() != prefix.size() + suffixLengthOf(kind) || !id.starts_with(prefix)) return false;
    id.remove_prefix(prefix.size());
    return std::all_of(id.begin(), id.end(), isLowerAlphanumeric);
}

}  // namespace lodestone::domain
