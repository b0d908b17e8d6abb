// First and last name from a full name as people type it into a form.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::research_basic {

struct PersonName {
    std::optional<std::string> first;
    std::optional<std::string> last;
};

// "Ada Lovelace" -> Ada / Lovelace; "Lovelace, Ada" -> Ada / Lovelace; "Dr. Ada King Lovelace
// PhD" -> Ada / Lovelace; "Cher" -> Cher / nothing. Honorifics and suffixes are dropped only
// when a real name is left over.
PersonName splitFullName(std::string_view fullName);

}  // namespace lodestone::research_basic
