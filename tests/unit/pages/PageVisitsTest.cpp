// Which visitors of a lead-magnet page are people: real browsers' User-Agents count; crawlers,
// link previews, mail scanners, HTTP libraries and headless browsers do not.
#include <gtest/gtest.h>

#include "pages/PageVisits.hpp"

namespace lodestone::pages {

TEST(PageVisits, BrowsersPeopleReadWithAreNotAutomated) {
    for (const char* agent : {
             "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Chrome/131.0.0.0 Safari/537.36",
             "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like "
             "Gecko) Version/18.1 Safari/605.1.15",
             "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
             "like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
             "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Chrome/131.0.0.0 Mobile Safari/537.36",
         }) {
        EXPECT_FALSE(isAutomatedAgent(agent)) << agent;
    }
}

TEST(PageVisits, CrawlersPreviewsScannersAndLibrariesAreAutomated) {
    for (const char* agent : {
             "",
             "   ",
             "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
             "WhatsApp/2.23.20.0",
             "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
             "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
             "TelegramBot (like TwitterBot)",
             "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient "
             "+http://www.linkedin.com)",
             "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
             "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
             "SkypeUriPreview Preview/0.5",
             "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)",
             "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
             "HeadlessChrome/131.0.0.0 Safari/537.36",
             "curl/7.88.1",
             "Wget/1.21.3",
             "python-requests/2.31.0",
             "Go-http-client/1.1",
         }) {
        EXPECT_TRUE(isAutomatedAgent(agent)) << agent;
    }
}

TEST(PageVisits, TheCallToActionGoesThroughThePagesOwnCountingPath) {
    EXPECT_EQ(callToActionPath("lead_0123456789abcdefghijklmn"),
              "/m/lead_0123456789abcdefghijklmn/cta");
}

}  // namespace lodestone::pages
