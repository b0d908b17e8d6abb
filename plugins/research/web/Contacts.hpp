// Contact details a website shows: email addresses and phone numbers, from mailto:/tel: links and
// from the visible text. A scan over text, never over markup.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::research_web {

// "mailto:Sales@Acme.example?subject=hi" -> "sales@acme.example".
std::optional<std::string> emailFromMailto(std::string_view href);
// "tel:+44-20-7946-0000" -> "+44 20 7946 0000"-like digits as written, separators kept.
std::optional<std::string> phoneFromTel(std::string_view href);

// Addresses written in `text` (at most `max`, each once, lower case). Image names such as
// "logo@2x.png" are not addresses.
std::vector<std::string> emailsIn(std::string_view text, std::size_t max);
// International numbers written in `text`: a '+', then 8-15 digits with spaces, dots, dashes,
// slashes or parentheses between (at most `max`, each once).
std::vector<std::string> phonesIn(std::string_view text, std::size_t max);

}  // namespace lodestone::research_web
