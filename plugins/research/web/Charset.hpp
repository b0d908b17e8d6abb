// A page's bytes as UTF-8 text: the charset is read from the Content-Type header, a byte order
// mark, or a <meta> in the first 1024 bytes (the HTML standard's prescan, simplified), and
// windows-1252 and its aliases (latin1, iso-8859-1, ascii, as browsers treat them) decoded.
#pragma once

#include <string>
#include <string_view>

namespace lodestone::research_web {

struct DecodedText {
    std::string text;        // valid UTF-8
    std::string charset;     // as declared, lower case; "" when nothing declared one
    bool understood = true;  // false: a charset this reader does not know, read as UTF-8
};

// The charset the header, a byte order mark or a <meta> declares; "" when none does.
std::string declaredCharset(std::string_view contentType, std::string_view bytes);

DecodedText decodePage(std::string_view bytes, std::string_view contentType);

}  // namespace lodestone::research_web
