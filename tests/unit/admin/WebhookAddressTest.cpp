// A webhook URL deliveries will not reach because of where it points is a warning at the doors
// that store it (lodestonectl, provision), worded for the operator.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "admin/Provisioner.hpp"
#include "admin/WebhookAddress.hpp"
#include "config/ConfigLoader.hpp"
#include "support/TempDir.hpp"

using namespace lodestone;
using admin::webhookAddressWarning;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

TEST(WebhookAddress, ALoopbackOrPrivateAddressWarnsWhilePrivateNetworksAreOff) {
    EXPECT_EQ(webhookAddressWarning("http://127.0.0.1:18160/h?token=s3cr3t", false),
              "the webhook URL's host 127.0.0.1 is a loopback address: deliveries to it are "
              "refused while webhooks.allow_private_networks is off; set it to true in the "
              "lodestoned config if the receiver is meant to be there");
    for (const char* url : {"http://[::1]/h", "http://localhost:8080/h", "https://10.0.0.7/h",
                            "https://192.168.1.20/h", "http://169.254.1.1/h"}) {
        EXPECT_THAT(webhookAddressWarning(url, false).value_or(""),
                    HasSubstr("webhooks.allow_private_networks is off"))
            << url;
    }
}

TEST(WebhookAddress, NeverRepeatsThePathOrQuery) {
    EXPECT_THAT(webhookAddressWarning("http://127.0.0.1/s3cr3t?token=s3cr3t", false).value_or(""),
                Not(HasSubstr("s3cr3t")));
}

TEST(WebhookAddress, PrivateNetworksAllowedMeansNoWarning) {
    EXPECT_EQ(webhookAddressWarning("http://127.0.0.1:18160/h", true), std::nullopt);
    EXPECT_EQ(webhookAddressWarning("https://10.0.0.7/h", true), std::nullopt);
}

TEST(WebhookAddress, AddressesNeverReachedWarnWhateverTheSetting) {
    for (bool allow : {false, true}) {
        EXPECT_EQ(webhookAddressWarning("http://169.254.169.254/latest", allow),
                  "the webhook URL's host 169.254.169.254 is a cloud metadata address: "
                  "deliveries to it are always refused");
        EXPECT_THAT(webhookAddressWarning("http://0.0.0.0/h", allow).value_or(""),
                    HasSubstr("always refused"));
    }
}

TEST(WebhookAddress, PublicAddressesAndHostNamesAreNotJudgedHere) {
    EXPECT_EQ(webhookAddressWarning("https://8.8.8.8/h", false), std::nullopt);
    // A name is resolved by the delivery, which checks every address it gets.
    EXPECT_EQ(webhookAddressWarning("https://hooks.acme.test/h", false), std::nullopt);
    EXPECT_EQ(webhookAddressWarning("not a url", false), std::nullopt);
}

TEST(ProvisionWarnings, NameTheFileTheLineAndTheKey) {
    test::TempDir dir;
    auto config = config::parseConfig(R"(storage: { path: x.db }
provision:
  organisations:
    - name: Acme
      campaigns:
        - name: Local
          webhook_url: http://127.0.0.1:18160/h
        - name: Public
          webhook_url: https://hooks.acme.test/h
        - name: None
)",
                                      dir / "lodestone.yaml", config::LoadOptions{});
    EXPECT_THAT(admin::provisionWarnings(config),
                ElementsAre((dir / "lodestone.yaml").string() +
                            ":7: provision.organisations[0].campaigns[0].webhook_url: the webhook "
                            "URL's host 127.0.0.1 is a loopback address: deliveries to it are "
                            "refused while webhooks.allow_private_networks is off; set it to true "
                            "in the lodestoned config if the receiver is meant to be there"));
    config.webhooks.allowPrivateNetworks = true;
    EXPECT_TRUE(admin::provisionWarnings(config).empty());
}

}  // namespace
