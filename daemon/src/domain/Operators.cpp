#include "domain/Operators.hpp"

#include "domain/EnumNames.hpp"

namespace lodestone::domain {
namespace {

constexpr EnumNames<OperatorRole, 2> kRoles{{
    {OperatorRole::Admin, "admin"},
    {OperatorRole::Member, "member"},
}};

}  // namespace

std::string_view toString(OperatorRole role) {
    return nameOf(kRoles, role);
}

std::optional<OperatorRole> operatorRoleFromString(std::string_view text) {
    return valueOf(kRoles, text);
}

}  // namespace lodestone::domain
