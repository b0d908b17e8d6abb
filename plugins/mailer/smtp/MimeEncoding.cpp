#include "MimeEncoding.hpp"

#include <Poco/Base64Encoder.h>

#include <sstream>

#include "Text.hpp"

namespace lodestone::mailer_smtp {
namespace {

constexpr std::size_t kFoldAt = 78;        // RFC 5322's recommended line length
constexpr std::size_t kQpLine = 76;        // RFC 2045's limit for encoded lines
constexpr std::size_t kWordPayload = 42;   // bytes: "=?utf-8?B?" + 56 base64 + "?=" = 68 chars,
                                           // so "Subject: " and one word fit in 78
constexpr std::size_t kSevenBitLine = 78;  // longer lines go quoted-printable
constexpr std::size_t kLongestWord = 900;  // leaves room for a header name within 998

bool isAtomText(char c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

std::vector<std::string> splitOnSpaces(std::string_view text) {
    std::vector<std::string> words;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == ' ') {
            words.emplace_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return words;
}

}  // namespace

const char* transferEncodingName(TransferEncoding encoding) {
    switch (encoding) {
        case TransferEncoding::SevenBit:
            return "7bit";
        case TransferEncoding::QuotedPrintable:
            return "quoted-printable";
        case TransferEncoding::Base64:
            return "base64";
    }
    return "7bit";
}

TransferEncoding chooseEncoding(std::string_view crlfText) {
    std::size_t nonAscii = 0, lineLength = 0;
    bool needsEncoding = false;
    for (std::size_t i = 0; i < crlfText.size(); ++i) {
        const auto c = static_cast<unsigned char>(crlfText[i]);
        if (c == '\r' && i + 1 < crlfText.size() && crlfText[i + 1] == '\n') {
            lineLength = 0;
            ++i;
            continue;
        }
        if (c >= 0x80) ++nonAscii;
        if (c >= 0x80 || (c < 0x20 && c != '\t') || c == 0x7F) needsEncoding = true;
        if (++lineLength > kSevenBitLine) needsEncoding = true;
    }
    if (!needsEncoding) return TransferEncoding::SevenBit;
    return nonAscii * 3 > crlfText.size() ? TransferEncoding::Base64
                                          : TransferEncoding::QuotedPrintable;
}

std::string encodeBody(std::string_view crlfText, TransferEncoding encoding) {
    switch (encoding) {
        case TransferEncoding::SevenBit:
            return std::string(crlfText);
        case TransferEncoding::QuotedPrintable:
            return quotedPrintable(crlfText);
        case TransferEncoding::Base64:
            return base64(crlfText, static_cast<int>(kQpLine));
    }
    return std::string(crlfText);
}

// Poco's QuotedPrintableEncoder drops a space or tab that ends the text and passes bare CR and
// LF through, so the encoding is done here: it is a few lines.
std::string quotedPrintable(std::string_view crlfText) {
    static const char* const hex = "0123456789ABCDEF";
    std::string out;
    out.reserve(crlfText.size() + crlfText.size() / 8);
    std::size_t lineStart = 0;
    while (lineStart <= crlfText.size()) {
        std::size_t lineEnd = crlfText.find("\r\n", lineStart);
        if (lineEnd == std::string_view::npos) lineEnd = crlfText.size();
        std::size_t length = 0;
        for (std::size_t i = lineStart; i < lineEnd; ++i) {
            const auto c = static_cast<unsigned char>(crlfText[i]);
            const bool trailingSpace = (c == ' ' || c == '\t') && i + 1 == lineEnd;
            std::string token;
            if (((c >= 33 && c <= 126 && c != '=') || c == ' ' || c == '\t') && !trailingSpace) {
                token.assign(1, static_cast<char>(c));
            } else {
                token = {'=', hex[c >> 4], hex[c & 0x0F]};
            }
            // Room is kept for the "=" of a soft line break.
            if (length + token.size() > kQpLine - 1) {
                out += "=\r\n";
                length = 0;
            }
            out += token;
            length += token.size();
        }
        if (lineEnd == crlfText.size()) break;
        out += "\r\n";
        lineStart = lineEnd + 2;
    }
    return out;
}

std::string base64(std::string_view bytes, int lineLength) {
    std::ostringstream out;
    Poco::Base64Encoder encoder(out);
    encoder.rdbuf()->setLineLength(lineLength);
    encoder.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    encoder.close();
    return out.str();  // Poco breaks lines with CRLF
}

std::vector<std::string> encodedWords(std::string_view utf8) {
    std::vector<std::string> words;
    std::size_t start = 0;
    while (start < utf8.size()) {
        std::size_t end = start;
        while (end < utf8.size()) {
            std::size_t length = utf8SequenceLength(utf8, end);
            if (length == 0) length = 1;  // the input was checked; never split a byte anyway
            if (end + length - start > kWordPayload) break;
            end += length;
        }
        words.push_back("=?utf-8?B?" + base64(utf8.substr(start, end - start), 0) + "?=");
        start = end;
    }
    return words;
}

std::vector<std::string> unstructuredWords(std::string_view text) {
    // "=?" would make a reader decode what was meant literally; a word too long for any line
    // is cut into encoded-words too.
    if (isAscii(text) && text.find("=?") == std::string_view::npos) {
        auto words = splitOnSpaces(text);
        bool fits = true;
        for (const auto& word : words) fits = fits && word.size() <= kLongestWord;
        if (fits) return words;
    }
    return encodedWords(text);
}

std::vector<std::string> phraseWords(std::string_view name) {
    if (!isAscii(name)) return encodedWords(name);
    bool atoms = name.find("=?") == std::string_view::npos && !name.empty() &&
                 name.front() != ' ' && name.back() != ' ' &&
                 name.find("  ") == std::string_view::npos;
    for (char c : name) atoms = atoms && (c == ' ' || isAtomText(c));
    if (atoms) return splitOnSpaces(name);
    std::string quoted = "\"";
    for (char c : name) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    return {quoted + "\""};
}

std::string foldedHeader(std::string_view name, const std::vector<std::string>& words) {
    std::string out(name);
    out += ':';
    std::size_t lineLength = out.size();
    bool first = true;
    for (const auto& word : words) {
        if (!first && lineLength + 1 + word.size() > kFoldAt) {
            out += "\r\n";
            lineLength = 0;
        }
        out += ' ';
        out += word;
        lineLength += 1 + word.size();
        first = false;
    }
    out += "\r\n";
    return out;
}

}  // namespace lodestone::mailer_smtp
