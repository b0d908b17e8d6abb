#include "MimeWriter.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

#include <random>
#include <stdexcept>

#include "MimeEncoding.hpp"
#include "Text.hpp"

namespace lodestone::mailer_smtp {
namespace {

std::vector<std::string> mailboxWords(const Mailbox& mailbox) {
    if (mailbox.name.empty()) return {mailbox.address};
    auto words = phraseWords(mailbox.name);
    words.push_back("<" + mailbox.address + ">");
    return words;
}

struct Part {
    std::string contentType;
    TransferEncoding encoding;
    std::string body;  // encoded
};

Part textPart(const std::string& text, const char* mediaType) {
    const std::string crlf = toCrlf(text);
    const TransferEncoding encoding = chooseEncoding(crlf);
    return {std::string(mediaType) + "; charset=utf-8", encoding, encodeBody(crlf, encoding)};
}

std::string contentHeaders(const std::string& contentType, TransferEncoding encoding) {
    return "Content-Type: " + contentType +
           "\r\nContent-Transfer-Encoding: " + transferEncodingName(encoding) + "\r\n";
}

}  // namespace

std::string renderMessage(const OutgoingMessage& message, const std::string& date,
                          const std::string& boundary) {
    std::string out;
    out += "Date: " + date + "\r\n";
    out += foldedHeader("From", mailboxWords(message.from));
    out += foldedHeader("To", mailboxWords(message.to));
    if (message.replyTo) out += "Reply-To: " + *message.replyTo + "\r\n";
    out += foldedHeader("Subject", unstructuredWords(message.subject));
    out += "Message-ID: " + message.messageId + "\r\n";
    out += "MIME-Version: 1.0\r\n";
    for (const auto& [name, value] : message.headers) out += name + ": " + value + "\r\n";

    const Part text = textPart(message.text, "text/plain");
    if (!message.html) {
        out += contentHeaders(text.contentType, text.encoding);
        out += "\r\n" + text.body;
        return out;
    }
    const Part html = textPart(*message.html, "text/html");
    const std::string delimiter = "--" + boundary;
    if (text.body.find(delimiter) != std::string::npos ||
        html.body.find(delimiter) != std::string::npos) {
        throw std::runtime_error("the multipart boundary occurs in the message; try again");
    }
    out +=
        foldedHeader("Content-Type", {"multipart/alternative;", "boundary=\"" + boundary + "\""});
    out += "\r\n";
    for (const Part* part : {&text, &html}) {
        out += delimiter + "\r\n";
        out += contentHeaders(part->contentType, part->encoding);
        out += "\r\n" + part->body + "\r\n";
    }
    out += delimiter + "--\r\n";
    return out;
}

std::string dateHeaderNow() {
    // UTC with a numeric zone: "GMT" is only obsolete syntax in RFC 5322.
    return Poco::DateTimeFormatter::format(Poco::Timestamp(), "%w, %d %b %Y %H:%M:%S +0000");
}

std::string newBoundary() {
    static const char* const hex = "0123456789abcdef";
    thread_local std::mt19937_64 random{std::random_device{}()};
    std::string boundary = "=_lodestone_";
    for (int i = 0; i < 24; ++i) boundary += hex[random() % 16];
    return boundary;
}

}  // namespace lodestone::mailer_smtp
