// Which writing system a name is in: decides how a reader is greeted, and whether a name needs
// bidirectional isolation in English text.
#pragma once

#include <string>

namespace lodestone::content_template {

enum class Script {
    None,
    Latin,
    Cyrillic,
    Greek,
    Arabic,
    Hebrew,
    Han,
    Kana,
    Hangul,
    Thai,
    Devanagari,
    Other
};

struct ScriptCount {
    Script main = Script::None;  // the script of most letters
    bool hasKana = false;        // any hiragana or katakana: Japanese even among Han
    bool hasHangul = false;
    bool hasHan = false;
    bool hasPersianLetters = false;  // پ چ ژ گ: Persian rather than Arabic
};

ScriptCount scriptOf(const std::string& utf8);

// Chinese, Japanese or Korean script: the family name comes first and there is no space to find
// a given name by.
bool isEastAsian(const ScriptCount& count);
bool isRightToLeft(const ScriptCount& count);

}  // namespace lodestone::content_template
