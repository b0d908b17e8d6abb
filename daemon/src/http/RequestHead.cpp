#include "http/RequestHead.hpp"

#include <algorithm>
#include <array>

#include "http/HttpError.hpp"

namespace lodestone::http {
namespace {

// Fields that name one thing: a second copy is either an attack or a client bug, and a parser
// that picks one of the two may not pick the one a proxy in front of us picked.
constexpr std::array<std::string_view, 7> kSingletonFields = {
    "host",         "content-length", "transfer-encoding",
    "content-type", "authorization",  "idempotency-key",
    "expect"};
// Where interpretFields looks for the fields it reads.
constexpr std::size_t kHost = 0;
constexpr std::size_t kContentLength = 1;
constexpr std::size_t kTransferEncoding = 2;
constexpr std::size_t kExpect = 6;

std::string_view trimWhitespace(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

HttpError badRequest(const std::string& message) {
    return HttpError(400, message);
}

// Splits off the next CRLF-terminated line (without its CRLF).
std::string_view nextLine(std::string_view& rest) {
    auto end = rest.find("\r\n");
    if (end == std::string_view::npos) throw badRequest("the request head is not ended by CRLF");
    std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end + 2);
    if (line.find('\r') != std::string_view::npos || line.find('\n') != std::string_view::npos) {
        throw badRequest("a line of the request head has a bare CR or LF (lines end with CRLF)");
    }
    return line;
}

void parseVersion(std::string_view version, RequestHead& head) {
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    if (version.size() != 8 || !version.starts_with("HTTP/") || !isDigit(version[5]) ||
        version[6] != '.' || !isDigit(version[7])) {
        throw badRequest("the request line does not end with an HTTP version (HTTP/1.1)");
    }
    if (version[5] != '1' || (version[7] != '0' && version[7] != '1')) {
        throw HttpError(505, "HTTP version " + std::string(version.substr(5)) +
                                 " is not supported over this connection (use HTTP/1.1)");
    }
    head.minorVersion = version[7] - '0';
}

// origin-form as is; absolute-form reduced to its path and query (RFC 9112 section 3.2.2);
// asterisk-form only for OPTIONS.
std::string parseTarget(std::string_view target, const RequestHead& head,
                        const HeadLimits& limits) {
    if (target.size() > limits.maxTargetBytes) {
        throw HttpError(414, "The request target is longer than " +
                                 std::to_string(limits.maxTargetBytes) + " bytes");
    }
    for (unsigned char c : target) {
        if (c <= 0x20 || c >= 0x7F) {
            throw badRequest("the request target has a byte that must be percent-encoded");
        }
    }
    if (target.starts_with("/")) return std::string(target);
    if (target == "*" && head.method == "OPTIONS") return std::string(target);
    for (std::string_view scheme : {"http://", "https://"}) {
        if (target.size() > scheme.size() &&
            equalsIgnoringCase(target.substr(0, scheme.size()), scheme)) {
            auto path = target.find('/', scheme.size());
            return path == std::string_view::npos ? "/" : std::string(target.substr(path));
        }
    }
    throw badRequest("the request target must be a path starting with /");
}

void parseRequestLine(std::string_view line, RequestHead& head, const HeadLimits& limits) {
    auto firstSpace = line.find(' ');
    if (firstSpace == std::string_view::npos) {
        // An SSH banner, an SMTP greeting, HTTP/0.9: a line, but not an HTTP/1.x request line.
        throw badRequest(
            "This is not an HTTP/1.1 request (the request line must be: METHOD SP target SP "
            "HTTP/1.1)");
    }
    if (firstSpace == 0) throw badRequest("the request line must be: METHOD SP target SP HTTP/1.1");
    std::string_view method = line.substr(0, firstSpace);
    if (method.size() > limits.maxMethodBytes) {
        throw HttpError(501, "Request methods longer than " +
                                 std::to_string(limits.maxMethodBytes) +
                                 " characters are not implemented");
    }
    if (!std::all_of(method.begin(), method.end(), [](char c) { return isTokenChar(c); })) {
        throw badRequest("the request method has a character that is not allowed in a token");
    }
    head.method = std::string(method);
    // Room for the fields of a usual request, so that they are not moved as the vector grows.
    head.fields.reserve(8);
    auto secondSpace = line.find(' ', firstSpace + 1);
    if (secondSpace == std::string_view::npos || secondSpace == firstSpace + 1 ||
        line.find(' ', secondSpace + 1) != std::string_view::npos) {
        throw badRequest("the request line must be: METHOD SP target SP HTTP/1.1");
    }
    parseVersion(line.substr(secondSpace + 1), head);
    head.target =
        parseTarget(line.substr(firstSpace + 1, secondSpace - firstSpace - 1), head, limits);
}

void parseField(std::string_view line, RequestHead& head) {
    if (line.front() == ' ' || line.front() == '\t') {
        throw badRequest("header fields must not be folded over lines (obs-fold)");
    }
    auto colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) {
        throw badRequest("a header line is not a field of the form Name: value");
    }
    std::string_view name = line.substr(0, colon);
    if (!std::all_of(name.begin(), name.end(), [](char c) { return isTokenChar(c); })) {
        throw badRequest("the header field name \"" + std::string(name.substr(0, 64)) +
                         "\" has a character that is not allowed in a token (no space before ':')");
    }
    std::string_view value = trimWhitespace(line.substr(colon + 1));
    for (unsigned char c : value) {
        if ((c < 0x20 && c != '\t') || c == 0x7F) {
            throw badRequest("the header field " + std::string(name) + " has a control character");
        }
    }
    head.fields.emplace_back(std::string(name), std::string(value));
}

std::size_t parseContentLength(std::string_view value) {
    if (value.empty() || value.size() > 18 ||
        !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        throw badRequest("Content-Length must be a decimal number of bytes");
    }
    return static_cast<std::size_t>(std::stoull(std::string(value)));
}

// The framing, persistence and expectations the fields ask for, from one pass over the fields.
void interpretFields(RequestHead& head) {
    std::array<std::size_t, kSingletonFields.size()> counts{};
    std::array<std::optional<std::string_view>, kSingletonFields.size()> firsts{};
    bool closeAsked = false;
    bool keepAliveAsked = false;
    for (const auto& [name, value] : head.fields) {
        for (std::size_t i = 0; i < kSingletonFields.size(); ++i) {
            if (!equalsIgnoringCase(name, kSingletonFields[i])) continue;
            if (counts[i]++ == 0) firsts[i] = value;
            break;
        }
        if (!equalsIgnoringCase(name, "Connection")) continue;
        std::string_view options = value;
        while (!options.empty()) {
            auto comma = options.find(',');
            std::string_view option = trimWhitespace(options.substr(0, comma));
            closeAsked = closeAsked || equalsIgnoringCase(option, "close");
            keepAliveAsked = keepAliveAsked || equalsIgnoringCase(option, "keep-alive");
            options =
                comma == std::string_view::npos ? std::string_view() : options.substr(comma + 1);
        }
    }
    for (std::size_t i = 0; i < kSingletonFields.size(); ++i) {
        if (counts[i] > 1) {
            throw badRequest("the header field " + std::string(kSingletonFields[i]) +
                             " is sent more than once");
        }
    }
    if (head.minorVersion == 1 && !firsts[kHost]) {
        throw badRequest("an HTTP/1.1 request must have a Host header field");
    }
    const auto length = firsts[kContentLength];
    const auto coding = firsts[kTransferEncoding];
    if (coding) {
        if (length)
            throw badRequest("a request must not have both Transfer-Encoding and Content-Length");
        if (head.minorVersion == 0)
            throw badRequest("HTTP/1.0 requests must not use Transfer-Encoding");
        if (!equalsIgnoringCase(*coding, "chunked")) {
            throw HttpError(501, "Transfer-Encoding \"" + std::string(coding->substr(0, 64)) +
                                     "\" is not supported (only chunked)");
        }
        head.framing = BodyFraming::Chunked;
    } else if (length) {
        head.contentLength = parseContentLength(*length);
        head.framing = head.contentLength > 0 ? BodyFraming::Length : BodyFraming::None;
    }
    head.keepAlive = !closeAsked && (head.minorVersion == 1 || keepAliveAsked);

    if (const auto expect = firsts[kExpect]) {
        if (!equalsIgnoringCase(*expect, "100-continue")) {
            throw HttpError(417, "Only Expect: 100-continue is supported");
        }
        head.expectContinue = head.minorVersion == 1 && head.framing != BodyFraming::None;
    }
}

}  // namespace

std::optional<std::string_view> RequestHead::field(std::string_view name) const {
    for (const auto& [fieldName, value] : fields) {
        if (equalsIgnoringCase(fieldName, name)) return std::string_view(value);
    }
    return std::nullopt;
}

void readRequestLine(std::string_view line, RequestHead& head, const HeadLimits& limits) {
    parseRequestLine(line, head, limits);
}

void readFieldLine(std::string_view line, RequestHead& head, const HeadLimits& limits) {
    if (head.fields.size() == limits.maxFields) {
        throw HttpError(431, "The request has more than " + std::to_string(limits.maxFields) +
                                 " header fields");
    }
    parseField(line, head);
}

void finishRequestHead(RequestHead& head) {
    interpretFields(head);
}

RequestHead parseRequestHead(std::string_view text, const HeadLimits& limits) {
    RequestHead head;
    std::string_view rest = text;
    // RFC 9112 section 2.2: a server SHOULD ignore at least one empty line before a request line.
    while (rest.starts_with("\r\n")) rest.remove_prefix(2);
    readRequestLine(nextLine(rest), head, limits);
    for (;;) {
        std::string_view line = nextLine(rest);
        if (line.empty()) break;
        readFieldLine(line, head, limits);
    }
    if (!rest.empty()) throw badRequest("bytes follow the end of the request head");
    finishRequestHead(head);
    return head;
}

}  // namespace lodestone::http
