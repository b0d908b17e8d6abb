#include "domain/LeadImports.hpp"

#include <array>
#include <utility>

namespace lodestone::domain {
namespace {

constexpr std::array<std::pair<LeadImportStatus, std::string_view>, 5> kNames{{
    {LeadImportStatus::Receiving, "receiving"},
    {LeadImportStatus::Queued, "queued"},
    {LeadImportStatus::Running, "running"},
    {LeadImportStatus::Completed, "completed"},
    {LeadImportStatus::Failed, "failed"},
}};

}  // namespace

std::string_view toString(LeadImportStatus status) {
    for (const auto& [value, name] : kNames) {
        if (value == status) return name;
    }
    return "queued";
}

std::optional<LeadImportStatus> leadImportStatusFromString(std::string_view text) {
    for (const auto& [value, name] : kNames) {
        if (name == text) return value;
    }
    return std::nullopt;
}

}  // namespace lodestone::domain
