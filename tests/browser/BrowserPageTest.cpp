// Lead-magnet pages in a real browser: a lodestoned with the bundled plugins writes pages for
// readers with short and very long names, right-to-left and CJK names, long company names and
// text that looks like markup;
// Debian's Chromium, headless and driven over its DevTools protocol, opens each at 390 px (a
// phone) and 1280 px (a laptop) and checks what a reader would see: nothing wider than the
// screen, one h1, the call to action on screen without scrolling on the laptop, the logo drawn,
// no console error (a CSP violation is one), and no request outside 127.0.0.1. Screenshots of
// every page at both widths are kept in LODESTONE_SCREENSHOT_DIR for people to look at; with
// LODESTONE_BROWSER_DEBUG set, each page's measurements are printed too.
#include <Poco/Base64Decoder.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "Chromium.hpp"
#include "EngineSupport.hpp"
#include "TestImage.hpp"

namespace lodestone::test {
namespace {

struct Reader {
    const char* name;      // names the screenshots
    const char* lead;      // the Generate body
    const char* nameLang;  // the lang the reader's name should carry, "" for none
};

const Reader kReaders[] = {
    {"short-name",
     R"({"email":"al@wu.example","fullName":"Al Wu","company":"Wu & Co","title":"Owner",)"
     R"("companySize":"3","industry":"Retail","customFields":{"goal":"More repeat customers"}})",
     ""},
    {"long-names",
     R"({"email":"m.hohenzollern@ipa-maschinenbau.example",)"
     R"("fullName":"Maximiliane Alexandra von Hohenzollern-Sigmaringen-Wittelsbach",)"
     R"("company":"Internationale Gesellschaft für Präzisionsmaschinenbau und )"
     R"(Automatisierungstechnik GmbH","title":"Head of People","industry":"Manufacturing",)"
     R"("companySize":"1001-5000","customFields":{"timeToHire":"62 days","openRoles":35}})",
     ""},
    {"rtl-name",
     R"({"email":"maryam@gulfcrescent.example","fullName":"مريم الهاشمي",)"
     R"("company":"Gulf Crescent Bank","title":"CFO","industry":"banking",)"
     R"("companySize":"5001-10000","customFields":{"revenue":"$1.8 billion"}})",
     "ar"},
    {"cjk-name",
     R"({"email":"taro.yamada@sakura-soft.example.jp","fullName":"山田 太郎",)"
     R"("company":"株式会社サクラソフトウェア開発","title":"CTO","industry":"Software",)"
     R"("companySize":"201-500","customFields":{"arr":"¥2.4bn","stack":"GitHub, Datadog"}})",
     "ja"},
    {"unbroken-company",
     R"({"email":"ops@thefirstcontinental.example","fullName":"Robert Hale",)"
     R"("company":"The First Continental Bankandtrustcompanyofthegreaternorthwesternterritories",)"
     R"("title":"Operations Manager","industry":"Financial Services","companySize":"1,001-5,000",)"
     R"("customFields":{"painPoint":"Loan files wait days for a second signature"}})",
     ""},
    {"hostile-text",
     R"({"email":"eve@hostile.example","fullName":"<img src=x onerror=alert(1)> Eve",)"
     R"("company":"<script>alert(1)</script> Ltd","title":"Marketing Manager",)"
     R"("industry":"Software","companySize":"11-50",)"
     R"("customFields":{"painPoint":"</p><script>document.title='pwned'</script>"}})",
     ""},
};

struct Width {
    int pixels;
    int height;
    bool mobile;
};

const Width kWidths[] = {{390, 844, true}, {1280, 800, false}};

// What the page looks like to the reader, measured in the page.
const char* const kMeasure = R"js((() => {
  const root = document.documentElement;
  const wide = [...document.body.querySelectorAll('*')]
      .filter(e => e.getBoundingClientRect().right > root.clientWidth + 0.5)
      .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''));
  const button = document.querySelector('a.button');
  const box = button ? button.getBoundingClientRect() : null;
  const logo = document.querySelector('img.logo');
  const name = document.querySelector('.byline bdi');
  return {
    scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
    innerHeight: window.innerHeight, wide: wide.slice(0, 5),
    h1: document.querySelectorAll('h1').length,
    button: box ? {top: box.top, bottom: box.bottom, href: button.getAttribute('href')} : null,
    logoDrawn: !!logo && logo.complete && logo.naturalWidth > 0,
    lang: root.lang, nameLang: name ? name.lang : null, where: location.href, title: document.title,
    scripts: document.scripts.length, images: document.images.length
  };
})())js";

Poco::JSON::Object::Ptr object(const std::string& json) {
    return Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
}

class BrowserPages : public ::testing::TestWithParam<std::tuple<Reader, Width>> {
  protected:
    static void SetUpTestSuite() {
        assets_ = std::make_unique<TempDir>();
        std::ofstream(*assets_ / "logo.png", std::ios::binary) << logoPng(180, 48);
        EngineSetup setup;
        setup.realPlugins = true;
        setup.projectYaml =
            "settings:\n  calendar_url: https://cal.example.test/sam\n"
            "  brand: { name: Lodestar Advisory, sender_name: Sam Lee, sender_title: Head of "
            "Partnerships, accent_color: \"#0b7a5a\", logo_path: " +
            (*assets_ / "logo.png").string() + " }\n";
        engine_ = std::make_unique<EngineDaemon>(setup);
        engine_->start();
        for (const auto& reader : kReaders) {
            auto [leadId, jobId] = engine_->createJob(reader.lead);
            const auto job = engine_->waitUntilFinished(jobId);
            ASSERT_EQ(job->getValue<std::string>("status"), "completed") << reader.name;
            leads_[reader.name] = leadId;
        }
        chromium_ = std::make_unique<Chromium>();
        session_ = chromium_->openTab();
        for (const char* domain :
             {"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"}) {
            chromium_->devTools().call(domain, nullptr, session_);
        }
    }

    static void TearDownTestSuite() {
        chromium_.reset();
        engine_.reset();
        assets_.reset();
    }

    // Opens the reader's page at `width` and returns the events it caused.
    std::vector<Poco::JSON::Object::Ptr> open(const Reader& reader, const Width& width) {
        auto& devTools = chromium_->devTools();
        devTools.call("Emulation.setDeviceMetricsOverride",
                      object(R"({"width":)" + std::to_string(width.pixels) + R"(,"height":)" +
                             std::to_string(width.height) + R"(,"deviceScaleFactor":1,"mobile":)" +
                             (width.mobile ? "true" : "false") + "}"),
                      session_);
        devTools.takeEvents();
        auto navigate = object("{}");
        navigate->set("url", url(reader));
        devTools.call("Page.navigate", navigate, session_);
        devTools.waitFor("Page.loadEventFired", session_, std::chrono::seconds(30));
        return devTools.takeEvents();
    }

    static std::string url(const Reader& reader) {
        return "http://127.0.0.1:" + std::to_string(engine_->port()) + "/m/" + leads_[reader.name];
    }

    Poco::JSON::Object::Ptr measure() {
        auto evaluate = object(R"({"returnByValue":true})");
        evaluate->set("expression", kMeasure);
        const auto result = chromium_->devTools().call("Runtime.evaluate", evaluate, session_);
        return result->getObject("result")->getObject("value");
    }

    // The whole page, not only the first screen, as a PNG file beside the build's other output.
    void screenshot(const Reader& reader, const Width& width) {
        auto& devTools = chromium_->devTools();
        const auto metrics = devTools.call("Page.getLayoutMetrics", nullptr, session_);
        const auto size = metrics->getObject("cssContentSize");
        auto capture = object(R"({"format":"png","captureBeyondViewport":true})");
        auto clip = object(R"({"x":0,"y":0,"scale":1})");
        clip->set("width", width.pixels);
        clip->set("height", size->getValue<double>("height"));
        capture->set("clip", clip);
        const auto shot = devTools.call("Page.captureScreenshot", capture, session_);
        std::istringstream base64(shot->getValue<std::string>("data"));
        Poco::Base64Decoder decoder(base64);
        const std::string png((std::istreambuf_iterator<char>(decoder)), {});
        EXPECT_TRUE(png.starts_with("\x89PNG"));
        std::filesystem::create_directories(LODESTONE_SCREENSHOT_DIR);
        const auto file = std::filesystem::path(LODESTONE_SCREENSHOT_DIR) /
                          (std::string(reader.name) + "-" + std::to_string(width.pixels) + ".png");
        std::ofstream(file, std::ios::binary) << png;
    }

    static inline std::unique_ptr<TempDir> assets_;
    static inline std::unique_ptr<EngineDaemon> engine_;
    static inline std::unique_ptr<Chromium> chromium_;
    static inline std::string session_;
    static inline std::map<std::string, std::string> leads_;
};

TEST_P(BrowserPages, ReadsWellAndCallsNothingOutside) {
    ASSERT_TRUE(chromium_) << "Chromium did not start";
    const auto& [reader, width] = GetParam();
    const auto events = open(reader, width);
    const auto page = measure();
    screenshot(reader, width);
    if (std::getenv("LODESTONE_BROWSER_DEBUG")) {
        std::ostringstream out;
        page->stringify(out);
        std::cerr << out.str() << "\n";
    }

    EXPECT_LE(page->getValue<int>("scrollWidth"), page->getValue<int>("clientWidth"))
        << "wider than the screen: " << [&] {
               std::ostringstream wide;
               page->getArray("wide")->stringify(wide);
               return wide.str();
           }();
    EXPECT_EQ(page->getValue<int>("h1"), 1);
    // Lead data that looks like markup stays text: no script element, no image but the logo.
    EXPECT_EQ(page->getValue<int>("scripts"), 0);
    EXPECT_EQ(page->getValue<int>("images"), 1);
    EXPECT_NE(page->getValue<std::string>("title"), "pwned");
    EXPECT_TRUE(page->getValue<bool>("logoDrawn"));
    EXPECT_EQ(page->getValue<std::string>("lang"), "en");
    EXPECT_EQ(page->optValue<std::string>("nameLang", ""), reader.nameLang);
    const auto button = page->getObject("button");
    ASSERT_TRUE(button) << "no call-to-action button";
    // Through the page's own counting link (docs/pages.md) to the lead's calendar link.
    EXPECT_EQ(button->getValue<std::string>("href"), "/m/" + leads_[reader.name] + "/cta");
    if (!width.mobile) {
        EXPECT_GE(button->getValue<double>("top"), 0);
        EXPECT_LE(button->getValue<double>("bottom"), page->getValue<double>("innerHeight"))
            << "the call to action is below the first screen";
    }

    const std::string local = "http://127.0.0.1:" + std::to_string(engine_->port()) + "/";
    std::size_t requests = 0;
    for (const auto& event : events) {
        const std::string method = event->getValue<std::string>("method");
        const auto params = event->getObject("params");
        if (method == "Network.requestWillBeSent") {
            ++requests;
            const std::string requested =
                params->getObject("request")->getValue<std::string>("url");
            EXPECT_TRUE(requested.starts_with(local) || requested.starts_with("data:"))
                << "a request outside 127.0.0.1: " << requested;
        } else if (method == "Runtime.consoleAPICalled") {
            EXPECT_NE(params->getValue<std::string>("type"), "error") << "a console error";
        } else if (method == "Runtime.exceptionThrown") {
            ADD_FAILURE() << "a script exception on a page that should run no script";
        } else if (method == "Log.entryAdded") {
            const auto entry = params->getObject("entry");
            EXPECT_NE(entry->getValue<std::string>("level"), "error")
                << "console error: " << entry->getValue<std::string>("text") << " "
                << entry->optValue<std::string>("url", "");
        }
    }
    EXPECT_GE(requests, 2u) << "the page and its logo";
}

std::string caseName(const ::testing::TestParamInfo<std::tuple<Reader, Width>>& info) {
    std::string name = std::string(std::get<0>(info.param).name) + "_" +
                       std::to_string(std::get<1>(info.param).pixels);
    for (auto& c : name) {
        if (c == '-') c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Readers, BrowserPages,
                         ::testing::Combine(::testing::ValuesIn(kReaders),
                                            ::testing::ValuesIn(kWidths)),
                         caseName);

}  // namespace
}  // namespace lodestone::test
