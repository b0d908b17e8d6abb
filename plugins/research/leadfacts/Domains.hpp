// Company domains: normalising what people type, spotting free-mail providers and turning a
// domain into a readable company name.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::research_basic {

// "HTTPS://www.Example.co.uk:8443/about?x" -> "example.co.uk". Nothing when what is left is not
// a plausible host name (needs a dot; letters, digits, '-', '_' and UTF-8 only).
std::optional<std::string> normaliseDomain(std::string_view text);

// The domain part of an address, normalised; nothing when there is none.
std::optional<std::string> emailDomain(std::string_view email);

// The registrable name and its public suffix: "eu.analytical-engines.co.uk" ->
// {"analytical-engines", "co.uk"}. Knows the common two-part suffixes (co.uk, com.au, …), not
// the whole Public Suffix List.
struct DomainParts {
    std::string name;
    std::string suffix;
};
DomainParts splitDomain(std::string_view domain);

// "analytical-engines.co.uk" -> "Analytical Engines", "bank-of-america.com" -> "Bank of America",
// "my-crm.io" -> "My CRM".
std::string companyNameFromDomain(std::string_view domain);

// Providers whose addresses say nothing about the sender's company: a built-in list plus the
// operator's `free_mail_domains`. An entry "name.*" covers the name under every suffix.
class FreeMailDomains {
  public:
    // Throws std::invalid_argument naming an entry that is not a domain or "name.*".
    explicit FreeMailDomains(const std::vector<std::string>& extra = {});
    bool contains(std::string_view domain) const;

  private:
    std::set<std::string> exact_;
    std::set<std::string> families_;
};

}  // namespace lodestone::research_basic
