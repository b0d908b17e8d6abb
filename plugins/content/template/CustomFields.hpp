// The lead's custom fields, sorted into what the writer can use: a challenge, an aim, tools, a
// timeline, how they found the sender, numbers for worked estimates, and the rest to quote.
#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>

#include "Reader.hpp"

namespace lodestone::content_template {

// "painPoint" -> "Pain point", "annual_revenue" -> "Annual revenue", "arr" -> "ARR".
std::string labelOf(const std::string& key);
// A label inside a sentence: "annual revenue", but "ARR" stays in capitals.
std::string labelInSentence(const std::string& label);

struct ReadNumber {
    double value = 0;
    std::string currency;
};

// The first number written in `text`, with its multiplier and currency: "$4.2M" -> 4200000 "$",
// "1,200" -> 1200, "12k" -> 12000, "€3 million" -> 3000000 "€". Percentages and text without a
// number give nothing.
std::optional<ReadNumber> readNumber(const std::string& text);

// Sorts every field of `custom` into `reader`. Contact details, consent flags, tracking tags
// other than the source, and record ids are left out: they say nothing the reader would want to
// read about themselves.
void readCustomFields(const Poco::JSON::Object::Ptr& custom, Reader& reader);

}  // namespace lodestone::content_template
