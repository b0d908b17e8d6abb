#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace lodestone::domain {

inline constexpr std::size_t kMaxHostNameLength = 253;  // the DNS limit
inline constexpr std::size_t kMaxHostLabelLength = 63;

// The one host-name rule, for a company's domain wherever it enters (Add Lead's `domain`, a
// Generate field of type domain) and for the domain of every email address: DNS labels of ASCII
// letters, digits and '-' (not first or last), 1 to 63 characters each, at least two labels,
// 253 characters in all, the last label not all digits. So never an IP address ("127.0.0.1",
// "[::1]": a company is not an address, and research would fetch it), never a port, a scheme or
// a path, and no whitespace or control character (InputText.hpp): the value is refused, not
// trimmed. Letters of either case; store lowercaseHostName() of it.
//
// Why `text` is not a host name, as the end of a sentence naming it ("domain is an IP address,
// not a host name"), or nothing when it is one.
std::optional<std::string> hostNameProblem(std::string_view text);
bool isHostName(std::string_view text);

// A host name as it is stored and compared: ASCII letters lowercased.
std::string lowercaseHostName(std::string_view hostName);

}  // namespace lodestone::domain
