// How the reader is named and greeted. A greeting by given name alone is used only where the
// name order is known to be given-name first; otherwise the reader is greeted by the full name as
// they wrote it, with no honorific added.
#pragma once

#include <string>

namespace lodestone::content_template {

struct ReaderName {
    std::string full;      // as written, honorifics kept ("Dr. Ada Okafor"); empty when unknown
    std::string greeting;  // "Ada", or the full name when the order is family name first
    std::string lang;      // BCP 47 language the name's script implies ("ja", "ar"), or empty
    bool familyNameFirst = false;
};

// `fullName` and `firstName` as research found them; `country` (the contact's or the company's)
// and `emailDomain` help only to tell Japanese from Chinese names written in Han alone, and to
// recognise a Latin-script name from a country whose names put the family name first.
ReaderName readerName(const std::string& fullName, const std::string& firstName,
                      const std::string& country, const std::string& emailDomain);

}  // namespace lodestone::content_template
