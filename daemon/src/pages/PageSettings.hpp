#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "domain/Records.hpp"

namespace lodestone::pages {

// A project setting the pages use cannot be: names the key and what is wrong with it.
class InvalidPageSettings : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Who the page comes from (settings.brand). Every key is optional.
struct Brand {
    std::string name;         // the sender's company, shown beside the logo
    std::string logoPath;     // an absolute path to a PNG, JPEG, WebP or GIF file
    std::string accentColor;  // "#2653d9" or "#25d"
    std::string senderName;
    std::string senderTitle;
};

// The project settings pages read (docs/configuration.md, Project settings): `language` (the
// page's lang, default "en"), `brand`, `calendar_url`. `format` belongs to the content plugins
// but is checked here too, so a typo is refused when the settings are set.
struct PageSettings {
    std::string language = "en";
    Brand brand;
    std::optional<std::string> calendarUrl;
};

// Reads the settings as stored. A value that does not follow its rule is left out (the default
// applies): settings are checked when they are set, so only a project stored before a rule
// existed can hold one, and its page should still render.
PageSettings pageSettingsOf(const domain::Project& project);

// Checks the settings above when a project's settings are set: throws InvalidPageSettings
// naming the key ("settings.brand.accent_color: …"). The logo file must exist then.
void checkPageSettings(const std::string& settingsJson);

// A language tag of BCP 47's common shape: a 2-3 letter language, then subtags of 2-8 letters or
// digits ("en", "de-CH", "zh-Hant", "pt-BR").
bool isLanguageTag(const std::string& text);
// "#rgb" or "#rrggbb".
bool isHexColor(const std::string& text);

// The language a name's script implies, for its lang attribute: "ja" for kana (or Han with a .jp
// address), "ko", "zh", "ar", "fa", "he", "el", "th", "hi"; empty for Latin, Cyrillic and the rest,
// which many languages share.
std::string languageOfName(const std::string& name, const std::string& email);
// Whether a language is written right to left (ar, fa, he, ur, …).
bool isRightToLeftLanguage(const std::string& tag);

}  // namespace lodestone::pages
