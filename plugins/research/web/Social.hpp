// Social profile links: which network, and for LinkedIn whether it is a person's profile
// (/in/...) or a company page (/company/...). Research reports these as profile links, not as
// custom fields or plain text.
#pragma once

#include <optional>
#include <string>

namespace lodestone::research_web {

struct SocialProfile {
    std::string network;     // "LinkedIn", "X", "Facebook", ...
    bool isCompany = false;  // LinkedIn: a company page, not a person's profile
    bool isPerson = false;   // LinkedIn: a person's profile
};

// Nothing for a URL that is no profile on a known network (a share button, a post).
std::optional<SocialProfile> socialProfileOf(const std::string& url);

}  // namespace lodestone::research_web
