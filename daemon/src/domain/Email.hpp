#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace lodestone::domain {

// RFC 5321's limits, in octets (every accepted address is ASCII, so also characters).
inline constexpr std::size_t kMaxEmailLength = 254;    // the whole path
inline constexpr std::size_t kMaxEmailLocalPart = 64;  // before the '@'
inline constexpr std::size_t kMaxEmailDomain = 255;    // after it (the host-name rule is 253)

// The one email rule, for every route that takes an address (Add Lead, Generate, meetings): a
// practical check of what mail systems accept, not all of RFC 5322. Exactly one '@'; a local
// part of letters, digits and !#$%&'*+/=?^_`{|}~.- without leading, trailing or doubled dots;
// a domain that follows the host-name rule (HostNames.hpp: at least two labels, so a dot, the
// last label not all digits, never an IP address); the limits above. No whitespace or control
// character anywhere (InputText.hpp): "ada@acme.io\n" is refused, never trimmed. Quoted local
// parts are refused.
//
// Why `address` breaks the rule, as the end of a sentence naming it ("email has no @"), or
// nothing when it follows it.
std::optional<std::string> emailProblem(std::string_view address);
bool isValidEmail(std::string_view address);

// The part after the '@', lowercased ("Example.COM" -> "example.com"); empty if there is none.
std::string emailDomain(std::string_view address);

// The company domain an address implies: its domain, lowercased, unless that is a free-mail
// provider's (gmail.com, yahoo.co.uk, ...), which names no company.
std::optional<std::string> companyDomainOf(std::string_view address);

}  // namespace lodestone::domain
