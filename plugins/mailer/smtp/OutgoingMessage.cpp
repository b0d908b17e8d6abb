#include "OutgoingMessage.hpp"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/String.h>

#include <algorithm>
#include <array>
#include <lodestone/plugin.hpp>

#include "Text.hpp"

namespace lodestone::mailer_smtp {
namespace {

// The plugin writes these itself from the input's own fields; a second copy from `headers`
// would make a message whose recipient and filters disagree on which one counts.
constexpr std::array<std::string_view, 13> kOwnHeaders = {"from",
                                                          "to",
                                                          "cc",
                                                          "bcc",
                                                          "subject",
                                                          "date",
                                                          "message-id",
                                                          "reply-to",
                                                          "sender",
                                                          "return-path",
                                                          "mime-version",
                                                          "content-type",
                                                          "content-transfer-encoding"};

// RFC 5322 atext: what a dot-atom is made of.
bool isAtext(char c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

bool isDotAtom(std::string_view text) {
    if (text.empty() || text.front() == '.' || text.back() == '.') return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '.') {
            if (text[i + 1] == '.') return false;
        } else if (!isAtext(text[i])) {
            return false;
        }
    }
    return true;
}

bool isDomain(std::string_view domain) {
    if (domain.size() > 2 && domain.front() == '[' && domain.back() == ']') {
        for (char c : domain.substr(1, domain.size() - 2)) {
            if (c < 33 || c > 126 || c == '[' || c == ']' || c == '\\') return false;
        }
        return true;
    }
    if (domain.empty() || domain.size() > 253) return false;
    std::size_t labelStart = 0;
    for (std::size_t i = 0; i <= domain.size(); ++i) {
        if (i == domain.size() || domain[i] == '.') {
            const std::size_t length = i - labelStart;
            if (length == 0 || length > 63) return false;
            if (domain[labelStart] == '-' || domain[i - 1] == '-') return false;
            labelStart = i + 1;
        } else {
            const char c = domain[i];
            const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                            (c >= '0' && c <= '9') || c == '-';
            if (!ok) return false;
        }
    }
    return true;
}

[[noreturn]] void refuse(const std::string& field, const std::string& why) {
    throw lodestone::InputError(field + ": " + why);
}

// The start of a value, for messages: enough to find it, never a whole body.
std::string quoted(std::string_view value) {
    return "\"" + printableReply(value, 80) + (value.size() > 80 ? "…" : "") + "\"";
}

std::optional<std::string> optionalString(const Poco::JSON::Object& object, const std::string& key,
                                          const std::string& field) {
    if (!object.has(key) || object.isNull(key)) return std::nullopt;
    if (!object.get(key).isString()) refuse(field, "must be a string");
    return object.getValue<std::string>(key);
}

std::string requiredString(const Poco::JSON::Object& object, const std::string& key,
                           const std::string& field) {
    auto value = optionalString(object, key, field);
    if (!value) refuse(field, "required");
    return *value;
}

// A value that ends up in a header line (a display name, the subject): one line of UTF-8.
void checkHeaderText(const std::string& value, const std::string& field) {
    if (!isValidUtf8(value)) refuse(field, "not valid UTF-8");
    for (unsigned char c : value) {
        if (c == '\r' || c == '\n') refuse(field, "must be one line (it contains CR or LF)");
        if (c < 0x20 || c == 0x7F) refuse(field, "contains a control character");
    }
}

void checkBody(const std::string& value, const std::string& field) {
    if (!isValidUtf8(value)) refuse(field, "not valid UTF-8");
    if (value.find('\0') != std::string::npos) refuse(field, "contains a NUL byte");
}

std::string checkedAddress(const std::string& value, const std::string& field) {
    if (!isMailAddress(value))
        refuse(field, "not an email address (local@domain): " + quoted(value));
    return value;
}

Mailbox mailbox(const Poco::JSON::Object& input, const std::string& key) {
    if (!input.has(key) || input.isNull(key)) refuse(key, "required");
    auto object = input.getObject(key);
    if (!object) refuse(key, "must be an object {\"address\", \"name\"}");
    Mailbox result;
    result.address =
        checkedAddress(requiredString(*object, "address", key + ".address"), key + ".address");
    result.name = optionalString(*object, "name", key + ".name").value_or("");
    checkHeaderText(result.name, key + ".name");
    return result;
}

void checkMessageId(const std::string& id) {
    const std::string field = "messageId";
    if (id.size() < 5 || id.front() != '<' || id.back() != '>') {
        refuse(field, "must look like <id@domain>: " + quoted(id));
    }
    const std::string_view inner = std::string_view(id).substr(1, id.size() - 2);
    const std::size_t at = inner.rfind('@');
    if (at == std::string_view::npos || !isDotAtom(inner.substr(0, at)) ||
        !isDomain(inner.substr(at + 1))) {
        refuse(field, "must look like <id@domain>: " + quoted(id));
    }
}

std::vector<std::pair<std::string, std::string>> extraHeaders(const Poco::JSON::Object& input) {
    std::vector<std::pair<std::string, std::string>> headers;
    if (!input.has("headers") || input.isNull("headers")) return headers;
    auto object = input.getObject("headers");
    if (!object) refuse("headers", "must be an object of header names to values");
    for (const auto& name : object->getNames()) {
        const std::string field = "headers." + name;
        if (name.empty()) refuse("headers", "a header name is empty");
        for (unsigned char c : name) {
            if (c < 33 || c > 126 || c == ':') {
                refuse(field, "a header name is printable ASCII without ':' or spaces");
            }
        }
        const std::string lower = Poco::toLower(name);
        if (std::find(kOwnHeaders.begin(), kOwnHeaders.end(), lower) != kOwnHeaders.end()) {
            refuse(field, "written by the plugin from the input's own fields; not allowed here");
        }
        if (!object->get(name).isString()) refuse(field, "must be a string");
        const std::string value = object->getValue<std::string>(name);
        for (unsigned char c : value) {
            if (c == '\r' || c == '\n') refuse(field, "must be one line (it contains CR or LF)");
            if ((c < 0x20 && c != '\t') || c >= 0x7F) {
                refuse(field, "must be printable ASCII (encode anything else before sending)");
            }
        }
        // RFC 5322's hard limit on a line; extra headers go out verbatim, never folded.
        if (name.size() + 2 + value.size() > 998) refuse(field, "longer than 998 characters");
        headers.emplace_back(name, value);
    }
    return headers;
}

}  // namespace

bool isMailAddress(std::string_view address) {
    const std::size_t at = address.rfind('@');
    if (at == std::string_view::npos || address.size() > 254) return false;
    const std::string_view local = address.substr(0, at);
    return local.size() <= 64 && isDotAtom(local) && isDomain(address.substr(at + 1));
}

OutgoingMessage parseMessage(const std::string& inputJson) {
    Poco::JSON::Object::Ptr input;
    try {
        // Key order kept: extra headers go out in the order the daemon gave them.
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        input = parser.parse(inputJson).extract<Poco::JSON::Object::Ptr>();
    } catch (const Poco::Exception&) {
    }
    if (!input) throw lodestone::InputError("the message is not a JSON object");

    OutgoingMessage message;
    message.messageId = requiredString(*input, "messageId", "messageId");
    checkMessageId(message.messageId);
    message.from = mailbox(*input, "from");
    message.to = mailbox(*input, "to");
    if (auto replyTo = optionalString(*input, "replyTo", "replyTo")) {
        message.replyTo = checkedAddress(*replyTo, "replyTo");
    }
    message.subject = requiredString(*input, "subject", "subject");
    checkHeaderText(message.subject, "subject");
    if (message.subject.find_first_not_of(' ') == std::string::npos) {
        refuse("subject", "must not be empty");
    }
    message.text = requiredString(*input, "text", "text");
    checkBody(message.text, "text");
    message.html = optionalString(*input, "html", "html");
    if (message.html) checkBody(*message.html, "html");
    message.headers = extraHeaders(*input);
    return message;
}

}  // namespace lodestone::mailer_smtp
