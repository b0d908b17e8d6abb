#include "domain/Prospects.hpp"

#include "domain/EnumNames.hpp"

namespace lodestone::domain {
namespace {

constexpr EnumNames<ProspectStatus, 12> kNames{{
    {ProspectStatus::Queued, "queued"},
    {ProspectStatus::Researching, "researching"},
    {ProspectStatus::Scored, "scored"},
    {ProspectStatus::Qualified, "qualified"},
    {ProspectStatus::Disqualified, "disqualified"},
    {ProspectStatus::InSequence, "in_sequence"},
    {ProspectStatus::Replied, "replied"},
    {ProspectStatus::MeetingBooked, "meeting_booked"},
    {ProspectStatus::Completed, "completed"},
    {ProspectStatus::Bounced, "bounced"},
    {ProspectStatus::Unsubscribed, "unsubscribed"},
    {ProspectStatus::Failed, "failed"},
}};

}  // namespace

std::string_view toString(ProspectStatus status) {
    return nameOf(kNames, status);
}

std::optional<ProspectStatus> prospectStatusFromString(std::string_view text) {
    return valueOf(kNames, text);
}

std::vector<ProspectStatus> everyProspectStatus() {
    std::vector<ProspectStatus> statuses;
    for (const auto& [status, name] : kNames) statuses.push_back(status);
    return statuses;
}

}  // namespace lodestone::domain
