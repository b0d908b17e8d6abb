#include "Charset.hpp"

#include <Poco/TextConverter.h>
#include <Poco/UTF8Encoding.h>
#include <Poco/Windows1252Encoding.h>

#include <vector>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

// The labels the Encoding Standard gives windows-1252 and UTF-8.
const std::vector<std::string_view> kWindows1252Labels = {
    "ansi_x3.4-1968", "ascii",           "cp1252",     "cp819",     "csisolatin1",
    "ibm819",         "iso-8859-1",      "iso-ir-100", "iso8859-1", "iso88591",
    "iso_8859-1",     "iso_8859-1:1987", "l1",         "latin1",    "us-ascii",
    "windows-1252",   "x-cp1252"};
const std::vector<std::string_view> kUtf8Labels = {
    "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"};

bool oneOf(const std::string& label, const std::vector<std::string_view>& labels) {
    for (auto known : labels) {
        if (label == known) return true;
    }
    return false;
}

// Poco's table is the Encoding Standard's, 0x81, 0x8D, 0x8F, 0x90 and 0x9D (undefined in
// windows-1252) becoming the C1 controls of the same number as browsers decode them; NUL alone
// becomes U+FFFD, which no page means as text.
std::string fromWindows1252(std::string_view bytes) {
    Poco::Windows1252Encoding windows1252;
    Poco::UTF8Encoding utf8;
    std::string out;
    Poco::TextConverter(windows1252, utf8)
        .convert(bytes.data(), static_cast<int>(bytes.size()), out,
                 [](int c) { return c == 0 ? 0xFFFD : c; });
    return out;
}

// The value after "charset=" in a Content-Type value, unquoted and lower case.
std::string charsetParameter(std::string_view value) {
    const std::string lowered = lowerAscii(value);
    const std::size_t at = lowered.find("charset=");
    if (at == std::string::npos) return "";
    std::string charset = lowered.substr(at + 8);
    if (!charset.empty() && (charset.front() == '"' || charset.front() == '\'')) {
        const char quote = charset.front();
        charset = charset.substr(1, charset.find(quote, 1) - 1);
    }
    return trim(charset.substr(0, charset.find_first_of("; \t")));
}

bool isAttributeSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/';
}

// The charset one <meta ...> declares, scanning its attributes from `at` (just past "<meta");
// moves `at` past the tag.
std::string metaCharset(std::string_view head, std::size_t& at) {
    std::string content;
    bool contentTypeEquiv = false;
    while (at < head.size()) {
        while (at < head.size() && isAttributeSpace(head[at])) ++at;
        if (at >= head.size() || head[at] == '>') break;
        std::string name;
        while (at < head.size() && !isAttributeSpace(head[at]) && head[at] != '=' &&
               head[at] != '>') {
            name += head[at++];
        }
        std::string value;
        if (at < head.size() && head[at] == '=') {
            ++at;
            if (at < head.size() && (head[at] == '"' || head[at] == '\'')) {
                const char quote = head[at++];
                while (at < head.size() && head[at] != quote) value += head[at++];
                ++at;
            } else {
                while (at < head.size() && !isAttributeSpace(head[at]) && head[at] != '>') {
                    value += head[at++];
                }
            }
        }
        name = lowerAscii(name);
        if (name == "charset") return lowerAscii(trim(value));
        if (name == "content") content = value;
        if (name == "http-equiv") contentTypeEquiv = equalsIgnoreCase(trim(value), "content-type");
    }
    return contentTypeEquiv ? charsetParameter(content) : "";
}

std::string prescan(std::string_view bytes) {
    const std::string_view head = bytes.substr(0, 1024);
    const std::string lowered = lowerAscii(head);
    std::size_t at = 0;
    while (at < head.size()) {
        if (lowered.compare(at, 4, "<!--") == 0) {
            const std::size_t end = lowered.find("-->", at + 4);
            if (end == std::string::npos) return "";
            at = end + 3;
        } else if (lowered.compare(at, 5, "<meta") == 0 && at + 5 < head.size() &&
                   isAttributeSpace(head[at + 5])) {
            at += 5;
            if (std::string charset = metaCharset(head, at); !charset.empty()) return charset;
        } else {
            ++at;
        }
    }
    return "";
}

}  // namespace

std::string declaredCharset(std::string_view contentType, std::string_view bytes) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") return "utf-8";
    if (std::string charset = charsetParameter(contentType); !charset.empty()) return charset;
    return prescan(bytes);
}

DecodedText decodePage(std::string_view bytes, std::string_view contentType) {
    DecodedText decoded;
    decoded.charset = declaredCharset(contentType, bytes);
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
    if (oneOf(decoded.charset, kWindows1252Labels)) {
        decoded.text = fromWindows1252(bytes);
        return decoded;
    }
    decoded.understood = decoded.charset.empty() || oneOf(decoded.charset, kUtf8Labels);
    decoded.text = validUtf8(bytes);
    return decoded;
}

}  // namespace lodestone::research_web
