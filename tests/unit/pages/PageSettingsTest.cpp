// The project settings pages read (language, brand, calendar_url, format): checked when set, each
// problem naming its key; read leniently when rendering; the logo file's checks.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "pages/BrandLogo.hpp"
#include "pages/LeadMagnetData.hpp"
#include "pages/PageSettings.hpp"
#include "support/TempDir.hpp"

using namespace lodestone;
using namespace lodestone::pages;
using ::testing::HasSubstr;

namespace {

std::string problemOf(const std::string& settingsJson) {
    try {
        checkPageSettings(settingsJson);
    } catch (const InvalidPageSettings& e) {
        return e.what();
    }
    return "";
}

// A file of `bytes` under the test's folder; its absolute path.
std::string fileWith(const test::TempDir& dir, const std::string& name, const std::string& bytes) {
    const auto path = dir.path() / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
}

const std::string kPng = std::string("\x89PNG\r\n\x1A\n", 8) + std::string(40, '\0');

}  // namespace

TEST(PageSettings, AcceptsEverySettingWritten) {
    test::TempDir dir;
    const std::string logo = fileWith(dir, "logo.png", kPng);
    EXPECT_EQ(problemOf(R"({"language":"de-CH","format":"scorecard",
        "calendar_url":"https://cal.example/sam?embed=1",
        "brand":{"name":"Lodestar","logo_path":")" +
                        logo + R"(","accent_color":"#0a7",
                 "sender_name":"Sam Lee","sender_title":"Head of Partnerships"}})"),
              "");
    EXPECT_EQ(problemOf("{}"), "");
    EXPECT_EQ(problemOf(R"({"brand":null,"language":null})"), "");
}

TEST(PageSettings, NamesTheKeyOfEachProblem) {
    const std::pair<std::string, std::string> cases[] = {
        {R"({"language":"english"})",
         "settings.language: \"english\" is not a language tag such as en or de-CH"},
        {R"({"language":7})", "settings.language: expected text"},
        {R"({"format":"poster"})",
         "settings.format: \"poster\" is none of auto, playbook, checklist, scorecard, "
         "roi_estimate, briefing"},
        {R"json({"calendar_url":"javascript:alert(1)"})json",
         "settings.calendar_url: expected an absolute"},
        {R"({"brand":"Acme"})", "settings.brand: expected a mapping"},
        {R"({"brand":{"colour":"#fff"}})",
         "settings.brand.colour: unknown key (valid keys: accent_color, logo_path, name, "
         "sender_name, sender_title)"},
        {R"({"brand":{"accent_color":"red"}})",
         "settings.brand.accent_color: \"red\" is not a colour written #rgb or #rrggbb"},
        {R"({"brand":{"accent_color":"#12345"}})", "settings.brand.accent_color: \"#12345\""},
        {R"({"brand":{"sender_name":"Sam\nLee"}})",
         "settings.brand.sender_name: expected one line of text"},
        {R"({"brand":{"logo_path":"logo.png"}})",
         "settings.brand.logo_path: \"logo.png\" is not an absolute path"},
        {R"({"brand":{"logo_path":"/nonexistent/lodestone/logo.png"}})",
         "settings.brand.logo_path: \"/nonexistent/lodestone/logo.png\" does not exist"},
    };
    for (const auto& [json, message] : cases) {
        SCOPED_TRACE(json);
        EXPECT_THAT(problemOf(json), HasSubstr(message));
    }
}

TEST(PageSettings, ALogoMustBeASmallRasterImage) {
    test::TempDir dir;
    EXPECT_EQ(std::get<LogoImage>(readLogo(fileWith(dir, "a.png", kPng))).contentType, "image/png");
    EXPECT_EQ(
        std::get<LogoImage>(readLogo(fileWith(dir, "b.jpg", "\xFF\xD8\xFF\xE0rest"))).contentType,
        "image/jpeg");
    EXPECT_EQ(std::get<LogoImage>(readLogo(fileWith(dir, "c.gif", "GIF89a...."))).contentType,
              "image/gif");
    EXPECT_EQ(std::get<LogoImage>(
                  readLogo(fileWith(dir, "d.webp", std::string("RIFF\x10\0\0\0WEBPVP8 ", 16))))
                  .contentType,
              "image/webp");
    // Named like an image, but SVG (which can carry script) or text.
    EXPECT_EQ(std::get<std::string>(readLogo(fileWith(dir, "e.png", "<svg onload=alert(1)>"))),
              "is not a PNG, JPEG, WebP or GIF image");
    EXPECT_THAT(std::get<std::string>(
                    readLogo(fileWith(dir, "big.png", kPng + std::string(kMaxLogoBytes, 'x')))),
                HasSubstr("a logo may be at most 262144 bytes"));
    EXPECT_EQ(std::get<std::string>(readLogo(dir.path().string())), "is not a regular file");
    EXPECT_EQ(std::get<std::string>(readLogo("relative.png")), "is not an absolute path");
    const std::string path = fileWith(dir, "text.png", "hello");
    EXPECT_THAT(problemOf(R"({"brand":{"logo_path":")" + path + R"("}})"),
                HasSubstr("is not a PNG, JPEG, WebP or GIF image"));
}

TEST(PageSettings, RenderingReadsWhatItCanAndDefaultsTheRest) {
    domain::Project project;
    project.settingsJson = R"({"language":"not a tag","calendar_url":"ftp://x",
        "brand":{"name":"Lodestar","accent_color":"blue","sender_name":"Sam Lee"}})";
    const PageSettings settings = pageSettingsOf(project);
    EXPECT_EQ(settings.language, "en");
    EXPECT_FALSE(settings.calendarUrl);
    EXPECT_EQ(settings.brand.name, "Lodestar");
    EXPECT_EQ(settings.brand.accentColor, "");
    EXPECT_EQ(settings.brand.senderName, "Sam Lee");
    project.settingsJson = "[]";
    EXPECT_EQ(pageSettingsOf(project).language, "en");
}

TEST(PageSettings, LanguageTagsAndColours) {
    for (const char* tag : {"en", "de-CH", "zh-Hant", "pt-BR", "sr-Latn-RS", "fil"}) {
        EXPECT_TRUE(isLanguageTag(tag)) << tag;
    }
    for (const char* tag : {"", "e", "english", "en_US", "en-", "\"><script>", "en-a"}) {
        EXPECT_FALSE(isLanguageTag(tag)) << tag;
    }
    EXPECT_TRUE(isHexColor("#2653d9"));
    EXPECT_TRUE(isHexColor("#FFF"));
    EXPECT_FALSE(isHexColor("2653d9"));
    EXPECT_FALSE(isHexColor("#2653d9;background:url(x)"));
    EXPECT_TRUE(isRightToLeftLanguage("ar"));
    EXPECT_TRUE(isRightToLeftLanguage("he-IL"));
    EXPECT_FALSE(isRightToLeftLanguage("en"));
    EXPECT_EQ(textColorOn("#2653d9"), "#fff");
    EXPECT_EQ(textColorOn("#ffd700"), "#111");
    EXPECT_EQ(textColorOn("#fff"), "#111");
}

TEST(PageSettings, TheLanguageOfANameFollowsItsScript) {
    EXPECT_EQ(languageOfName("山田 太郎", "taro@sakura.co.jp"), "ja");
    EXPECT_EQ(languageOfName("やまだ たろう", "taro@example.com"), "ja");
    EXPECT_EQ(languageOfName("王伟", "wang@example.cn"), "zh");
    EXPECT_EQ(languageOfName("김민지", "minji@example.kr"), "ko");
    EXPECT_EQ(languageOfName("مريم الهاشمي", "m@example.ae"), "ar");
    EXPECT_EQ(languageOfName("שרה כהן", "s@example.il"), "he");
    EXPECT_EQ(languageOfName("Ada Lovelace", "ada@example.com"), "");
    EXPECT_EQ(languageOfName("Ольга Иванова", "o@example.ru"), "");
}
