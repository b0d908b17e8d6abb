#include "Social.hpp"

#include <array>
#include <string_view>

#include "Text.hpp"
#include "Urls.hpp"

namespace lodestone::research_web {
namespace {

struct Network {
    std::string_view host;  // and its subdomains
    std::string_view name;
};

constexpr std::array<Network, 9> kNetworks = {{{"linkedin.com", "LinkedIn"},
                                               {"twitter.com", "X"},
                                               {"x.com", "X"},
                                               {"facebook.com", "Facebook"},
                                               {"instagram.com", "Instagram"},
                                               {"youtube.com", "YouTube"},
                                               {"github.com", "GitHub"},
                                               {"crunchbase.com", "Crunchbase"},
                                               {"tiktok.com", "TikTok"}}};

}  // namespace

std::optional<SocialProfile> socialProfileOf(const std::string& url) {
    const std::string host = hostOf(url);
    const std::string path = lowerAscii(pathOf(url));
    for (const auto& network : kNetworks) {
        if (host != network.host && !host.ends_with("." + std::string(network.host))) continue;
        // Share and intent links point at the network, not at a profile.
        for (const char* notProfile : {"/share", "/intent", "/sharer", "/dialog", "/hashtag"}) {
            if (path.starts_with(notProfile)) return std::nullopt;
        }
        if (path.size() <= 1) return std::nullopt;
        SocialProfile profile{std::string(network.name), false, false};
        if (network.name == "LinkedIn") {
            profile.isCompany = path.starts_with("/company/") || path.starts_with("/school/") ||
                                path.starts_with("/showcase/");
            profile.isPerson = path.starts_with("/in/") || path.starts_with("/pub/");
            if (!profile.isCompany && !profile.isPerson) return std::nullopt;
        }
        return profile;
    }
    return std::nullopt;
}

}  // namespace lodestone::research_web
