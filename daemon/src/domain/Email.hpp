#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::domain {

// A practical address check (what mail systems accept, not all of RFC 5322): a local part of
// letters, digits and !#$%&'*+/=?^_`{|}~.- without leading, trailing or doubled dots, up to 64
// characters; a domain of dot-separated DNS labels with at least two labels; 254 characters in
// all, the last label not all digits. Quoted local parts and IP addresses as domains are
// refused.
bool isValidEmail(std::string_view address);

// The part after the '@', lowercased ("Example.COM" -> "example.com"); empty if there is none.
std::string emailDomain(std::string_view address);

// The company domain an address implies: its domain, lowercased, unless that is a free-mail
// provider's (gmail.com, yahoo.co.uk, ...), which names no company.
std::optional<std::string> companyDomainOf(std::string_view address);

}  // namespace lodestone::domain
