#pragma once

// URLs that every check of a URL must judge alike: domain::isHttpUrl and the URL fields of Add
// Lead and of Generate Lead Magnet, which all apply the one URL rule (domain/Urls.hpp).
#include <string>
#include <vector>

namespace lodestone::test {

// Absolute http(s) URLs with a host: accepted everywhere.
inline const std::vector<std::string> kHttpUrls = {
    "http://acme.io",
    "https://acme.io/about?x=1#team",
    "HTTPS://www.linkedin.com/in/ann-lee",
    "https://acme.io:8443/",
    "http://127.0.0.1:8080/",
    "http://[::1]:8080/x",
    "https://acme.io/search?q=a%20b%09c",         // spaces and tabs percent-encoded
    "https://www.linkedin.com/in/j\xC3\xBCrgen",  // a letter outside ASCII, as UTF-8
    "https://acme.io/@ann",                       // an '@' after the authority is no user info
};

// User info, with or without a password, or empty: refused everywhere. A password does not
// belong in a stored URL, and "https://acme.io@evil.example" reads as acme.io but goes to
// evil.example.
inline const std::vector<std::string> kUrlsWithUserInfo = {
    "https://ann@acme.io/",
    "https://ann:secret@acme.io/",
    "http://user:pw@127.0.0.1:18160/h",
    "https://acme.io@evil.example/",
    "https://@acme.io/",
};

// Whitespace or a control character inside otherwise good URLs: refused everywhere.
inline const std::vector<std::string> kUrlsWithSpaceOrControl = {
    // spaces
    "https://acme .io",
    "https://acme.io/a b",
    "https://acme.io/?q=a b",
    "https://ann smith@acme.io/",
    // tabs
    "https://acme.io/a\tb",
    "https://ac\tme.io",
    // CR and LF, which would split a header line
    "https://acme.io/a\nb",
    "https://acme.io/a\rb",
    "https://acme.io/\r\nX-Injected: 1",
    "http://127.0.0.1:18160/h\r\nX-Injected: 1",
    // other C0 controls, and DEL: Poco::URI drops some of them without a word
    std::string("https://acme.io/a\0b", 19),
    "https://ac\x01me.io",
    "https://acme.io/\x01",
    "https://acme.io/\x1b[31m",
    "https://acme.io/a\vb",
    "https://acme.io/a\fb",
    "https://acme.io/a\x7f"
    "b",
    // C1 controls (NEL, APC) and Unicode separators (no-break space, line separator,
    // ideographic space), as UTF-8
    "https://acme.io/a\xC2\x85"
    "b",
    "https://acme.io/a\xC2\x9F"
    "b",
    "https://acme.io/a\xC2\xA0"
    "b",
    "https://acme.io/a\xE2\x80\xA8"
    "b",
    "https://acme.io/a\xE3\x80\x80"
    "b",
};

// Good URLs with whitespace around them: refused too, since no door trims a URL before the rule
// sees it.
inline const std::vector<std::string> kUrlsInWhitespace = {
    " https://acme.io",   "https://acme.io ",     "\thttps://acme.io",
    "https://acme.io/\n", "https://acme.io/\r\n",
};

// Not absolute http(s) URLs with a host, or not text: refused everywhere.
inline const std::vector<std::string> kNotHttpUrls = {
    "acme.io",
    "www.acme.io/about",
    "/in/ann",
    "//acme.io",
    "https://",
    "https:///path",
    "http:///path",
    "https//acme.io",
    "http://[::1",
    "ftp://acme.io",
    "ftp://user:pw@acme.io/file",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "mailto:ann@acme.io",
    "data:text/html,hi",
    "https://acme.io/\xFF",  // not UTF-8
    "http://acme.io:0/",     // no port 0
};

// Shows a sample in a failure message with its control characters visible.
inline std::string visible(const std::string& url) {
    static const char* const kHex = "0123456789abcdef";
    std::string shown;
    for (unsigned char c : url) {
        if (c < 0x20 || c >= 0x7f) {
            shown += "\\x";
            shown += kHex[c >> 4];
            shown += kHex[c & 0xf];
        } else {
            shown += static_cast<char>(c);
        }
    }
    return shown;
}

}  // namespace lodestone::test
