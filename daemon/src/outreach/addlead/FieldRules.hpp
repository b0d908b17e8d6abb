#pragma once

#include <Poco/Dynamic/Var.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "domain/Utf8Text.hpp"

namespace lodestone::outreach {

// Limits the spec leaves open, in characters (Unicode code points). Generous for any real value,
// small enough that one lead cannot bloat the database or the research agent's prompt.
inline constexpr std::size_t kMaxShortText = 500;    // names, titles, phone, labels
inline constexpr std::size_t kMaxLongText = 10'000;  // notes, bio, description
inline constexpr std::size_t kMaxUrl = 2048;         // what browsers and proxies reliably pass
inline constexpr std::size_t kMaxArrayItems = 200;   // technologies, news, departments
inline constexpr std::size_t kMaxFreeformBytes = 64 * 1024;  // each freeform object, as JSON
inline constexpr int kEarliestFoundedYear = 1600;

// A check of one value: the reason it is invalid, or nothing when it is acceptable. Reasons read
// as the end of "<path> ...", e.g. "must be a string".
using TextRule = std::function<std::optional<std::string>(const std::string&)>;
using ValueRule = std::function<std::optional<std::string>(const Poco::Dynamic::Var&)>;

// Characters (code points) of UTF-8 text, as the field limits count them.
using domain::characterCount;
bool isBlank(const std::string& text);

// Any text up to `maxChars` characters.
TextRule plainText(std::size_t maxChars);
// The one rule of each kind of value (domain/), with its reason after the field's own ("must be
// a host name such as example.com: it is an IP address, not a host name"):
// a URL by the URL rule (domain/Urls.hpp), up to kMaxUrl characters;
TextRule httpUrl();
// a host name by the host-name rule (domain/HostNames.hpp: never an IP address, a port or a
// path; 253 characters at most), either case;
TextRule hostName();
// an email address by the email rule (domain/Email.hpp).
TextRule emailAddress();
// "YYYY-MM" with a month from 01 to 12.
TextRule yearMonth();
// A name `zones` knows ("Europe/Berlin"). `zones` must outlive the rule.
TextRule timeZone();

// A finite JSON number (any integer or floating type; not a boolean, not a numeric string) of
// at least `min`; a whole one (3 or 3.0); a whole one from `min` to `max` inclusive.
ValueRule numberAtLeast(double min);
ValueRule wholeNumberAtLeast(double min);
ValueRule wholeNumberBetween(double min, double max);
ValueRule boolean();

inline const std::string kMustBeString = "must be a string";
inline const std::string kMustBeObject = "must be an object";
inline const std::string kMustBeEmail = "must be a valid email address";
inline const std::string kMustBeHostName = "must be a host name such as example.com";
inline const std::string kMustBeUrl = "must be an absolute http(s) URL";

std::string tooLongReason(std::size_t maxChars);

}  // namespace lodestone::outreach
