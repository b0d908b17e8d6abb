#include "Domains.hpp"

#include <lodestone/free_mail.hpp>
#include <stdexcept>

#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

// Second-level registrations under country codes; the part before them names the company.
const std::set<std::string> kTwoPartSuffixes = {
    "co.uk",  "org.uk", "ac.uk",  "gov.uk", "ltd.uk", "plc.uk", "me.uk",  "net.uk", "com.au",
    "net.au", "org.au", "edu.au", "gov.au", "co.nz",  "org.nz", "net.nz", "co.jp",  "ne.jp",
    "or.jp",  "ac.jp",  "com.br", "net.br", "org.br", "com.mx", "org.mx", "com.ar", "com.cn",
    "net.cn", "org.cn", "com.hk", "com.sg", "com.tw", "co.in",  "net.in", "org.in", "firm.in",
    "co.za",  "org.za", "co.kr",  "or.kr",  "com.tr", "com.my", "co.id",  "co.th",  "com.ph",
    "com.vn", "co.il",  "com.pl", "com.ua", "co.ke",  "com.ng", "com.eg", "com.sa", "com.pk",
    "com.co", "com.pe", "com.ve", "com.uy", "com.ec", "co.at",  "or.at",  "com.es", "com.pt",
    "com.gr", "com.cy", "com.mt", "co.ve",  "com.qa", "com.kw", "co.ae",  "com.bd", "com.np",
    "com.lk", "co.tz",  "co.ug",  "com.gh",
};

// Words a domain spells in lower case that read as acronyms, and the small words of a name.
const std::set<std::string> kAcronyms = {"ai", "io", "it", "ibm", "aws", "api", "usa", "uk",
                                         "eu", "us", "ag", "ab",  "sa",  "nv",  "bv",  "gmbh"};
const std::set<std::string> kSmallWords = {"and", "of", "the", "for", "de", "la", "du", "von"};
const std::set<std::string> kNotAcronyms = {"ltd", "co", "inc", "llp"};

bool isHostByte(char c) {
    const auto byte = static_cast<unsigned char>(c);
    // '_' is no hostname character, but people type it and it splits words just as well.
    return byte >= 0x80 || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

bool plausibleHost(const std::string& host) {
    if (host.find('.') == std::string::npos || host.front() == '.' || host.back() == '.') {
        return false;
    }
    if (host.find("..") != std::string::npos) return false;
    for (char c : host) {
        if (c != '.' && !isHostByte(c)) return false;
    }
    return true;
}

bool hasVowel(std::string_view word) {
    return word.find_first_of("aeiouy") != std::string_view::npos;
}

std::string readableWord(const std::string& word, bool first) {
    if (!first && kSmallWords.contains(word)) return word;
    if (kNotAcronyms.contains(word)) return capitalise(word);
    if (kAcronyms.contains(word) || (word.size() <= 4 && !hasVowel(word))) {
        std::string upper = word;
        for (auto& c : upper) {
            if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        }
        return upper;
    }
    return capitalise(word);
}

}  // namespace

std::optional<std::string> normaliseDomain(std::string_view text) {
    std::string host = lowerAscii(trim(text));
    if (auto scheme = host.find("://"); scheme != std::string::npos) host.erase(0, scheme + 3);
    if (host.starts_with("//")) host.erase(0, 2);
    host = host.substr(0, host.find_first_of("/?#"));
    if (auto at = host.rfind('@'); at != std::string::npos) host.erase(0, at + 1);
    host = host.substr(0, host.find(':'));
    while (!host.empty() && host.back() == '.') host.pop_back();
    if (host.starts_with("www.")) host.erase(0, 4);
    if (!plausibleHost(host)) return std::nullopt;
    return host;
}

std::optional<std::string> emailDomain(std::string_view email) {
    const auto at = email.rfind('@');
    if (at == std::string_view::npos) return std::nullopt;
    const std::string host = lowerAscii(trim(email.substr(at + 1)));
    if (!plausibleHost(host)) return std::nullopt;
    return host;
}

DomainParts splitDomain(std::string_view domain) {
    std::vector<std::string> labels;
    std::size_t start = 0;
    while (start <= domain.size()) {
        std::size_t dot = domain.find('.', start);
        if (dot == std::string_view::npos) dot = domain.size();
        labels.emplace_back(domain.substr(start, dot - start));
        start = dot + 1;
    }
    if (labels.size() < 2) return {std::string(domain), ""};
    std::size_t suffixLabels = 1;
    if (labels.size() >= 3 &&
        kTwoPartSuffixes.contains(labels[labels.size() - 2] + "." + labels.back())) {
        suffixLabels = 2;
    }
    std::string suffix;
    for (std::size_t i = labels.size() - suffixLabels; i < labels.size(); ++i) {
        suffix += (suffix.empty() ? "" : ".") + labels[i];
    }
    return {labels[labels.size() - suffixLabels - 1], suffix};
}

std::string companyNameFromDomain(std::string_view domain) {
    std::string name;
    bool first = true;
    for (const auto& word : words(splitDomain(domain).name)) {
        name += (first ? "" : " ") + readableWord(word, first);
        first = false;
    }
    return name;
}

FreeMailDomains::FreeMailDomains(const std::vector<std::string>& extra)
    : exact_(std::begin(free_mail::kDomains), std::end(free_mail::kDomains)),
      families_(std::begin(free_mail::kFamilies), std::end(free_mail::kFamilies)) {
    for (const auto& entry : extra) {
        std::string domain = lowerAscii(trim(entry));
        if (domain.starts_with("@")) domain.erase(0, 1);
        if (domain.ends_with(".*")) {
            const std::string family = domain.substr(0, domain.size() - 2);
            // One label: the family is matched against the registrable name.
            if (!family.empty() && family.find('.') == std::string::npos &&
                plausibleHost(family + ".x")) {
                families_.insert(family);
                continue;
            }
        } else if (plausibleHost(domain)) {
            exact_.insert(domain);
            continue;
        }
        throw std::invalid_argument("\"" + entry +
                                    "\" is not a domain (example.com) or a provider (example.*)");
    }
}

bool FreeMailDomains::contains(std::string_view domain) const {
    const std::string host = lowerAscii(domain);
    if (exact_.contains(host)) return true;
    const auto parts = splitDomain(host);
    // Only the provider's own domain: yahoo.co.uk, not yahoo.example.com.
    return families_.contains(parts.name) && host == parts.name + "." + parts.suffix;
}

}  // namespace lodestone::research_basic
