#include "admin/WebhookAddress.hpp"

#include "domain/Urls.hpp"
#include "outbound/AddressPolicy.hpp"

namespace lodestone::admin {

std::optional<std::string> webhookAddressWarning(const std::string& url,
                                                 bool allowPrivateNetworks) {
    if (!domain::isHttpUrl(url)) return std::nullopt;  // refused as an error elsewhere
    const std::string host = domain::hostOf(url);
    const auto addressClass = outbound::classifyLiteralHost(host);
    if (!addressClass) return std::nullopt;
    outbound::OutboundPolicy policy;
    policy.allowPrivateNetworks = allowPrivateNetworks;
    if (outbound::permits(policy, *addressClass)) return std::nullopt;
    const std::string what =
        "the webhook URL's host " + host + " is " + outbound::describe(*addressClass);
    if (outbound::isPrivateNetwork(*addressClass)) {
        return what +
               ": deliveries to it are refused while webhooks.allow_private_networks is off; set "
               "it to true in the lodestoned config if the receiver is meant to be there";
    }
    return what + ": deliveries to it are always refused";
}

}  // namespace lodestone::admin
