#include "domain/Prospects.hpp"

#include <array>
#include <utility>

namespace lodestone::domain {
namespace {

constexpr std::array<std::pair<ProspectStatus, std::string_view>, 12> kNames{{
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
    for (const auto& [value, name] : kNames) {
        if (value == status) return name;
    }
    return "";
}

std::optional<ProspectStatus> prospectStatusFromString(std::string_view text) {
    for (const auto& [value, name] : kNames) {
        if (name == text) return value;
    }
    return std::nullopt;
}

}  // namespace lodestone::domain
