#include "http/BufferedExchange.hpp"

#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

#include <ctime>
#include <fstream>
#include <string_view>
#include <utility>

namespace lodestone::http {
namespace {

// The wall clock, not the application's: RFC 9110 dates a message by when it was sent. The text
// changes once a second, so each thread formats it once a second.
const std::string& httpDate() {
    thread_local std::time_t formattedAt = -1;
    thread_local std::string text;
    const Poco::Timestamp now;
    if (now.epochTime() != formattedAt) {
        text = Poco::DateTimeFormatter::format(now, Poco::DateTimeFormat::HTTP_FORMAT);
        formattedAt = now.epochTime();
    }
    return text;
}

std::string_view keepAliveText(bool keepAlive) {
    return keepAlive ? "keep-alive" : "close";
}

// The fields whose framing and persistence the front decides, not the handler or the client.
enum class FrontField { None, TransferEncoding, ContentLength, Date, Connection };

FrontField frontField(std::string_view name) {
    static constexpr std::pair<std::string_view, FrontField> kFrontFields[] = {
        {"Transfer-Encoding", FrontField::TransferEncoding},
        {"Content-Length", FrontField::ContentLength},
        {"Date", FrontField::Date},
        {"Connection", FrontField::Connection}};
    // equalsIgnoringCase compares lengths first: most names cost a comparison per entry.
    for (const auto& [text, field] : kFrontFields) {
        if (equalsIgnoringCase(name, text)) return field;
    }
    return FrontField::None;
}

void appendField(std::string& out, std::string_view name, std::string_view value) {
    out.append(name).append(": ").append(value).append("\r\n");
}

}  // namespace

BufferedResponse::BodySink::int_type BufferedResponse::BodySink::overflow(int_type c) {
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        const char byte = traits_type::to_char_type(c);
        response_.appendBody(std::string_view(&byte, 1));
    }
    return traits_type::not_eof(c);
}

std::streamsize BufferedResponse::BodySink::xsputn(const char* bytes, std::streamsize count) {
    response_.appendBody(std::string_view(bytes, static_cast<std::size_t>(count)));
    return count;
}

void BufferedResponse::appendBody(std::string_view bytes) {
    body_.append(bytes);
    // Past the threshold the body goes to a file a piece at a time, so that its size costs
    // disk, not memory.
    if (body_.size() < kSpoolAbove) return;
    if (!spool_) spool_ = std::make_shared<Spool>();
    spool_->append(body_);
    body_.clear();
}

std::int64_t BufferedResponse::bodySize() const {
    return (spool_ ? spool_->size() : 0) + static_cast<std::int64_t>(body_.size());
}

std::ostream& BufferedResponse::send() {
    sent_ = true;
    if (!stream_) stream_.emplace(*this);
    return stream_->stream;
}

void BufferedResponse::sendFile(const std::string& path, const std::string& mediaType) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Poco::FileNotFoundException(path);
    setContentType(mediaType);
    send() << file.rdbuf();
}

void BufferedResponse::sendBuffer(const void* buffer, std::size_t length) {
    sent_ = true;
    appendBody(std::string_view(static_cast<const char*>(buffer), length));
}

void BufferedResponse::redirect(const std::string& uri, HTTPStatus status) {
    setStatusAndReason(status);
    set("Location", uri);
    setContentLength(0);
    send();
}

void BufferedResponse::requireAuthentication(const std::string& realm) {
    setStatusAndReason(HTTP_UNAUTHORIZED);
    set("WWW-Authenticate", "Basic realm=\"" + realm + "\"");
    setContentLength(0);
    send();
}

std::string BufferedResponse::serialize(bool headRequest) {
    // The rest of a spooled body joins the file, which is sent after these bytes.
    if (spool_ && !body_.empty()) {
        spool_->append(body_);
        body_.clear();
    }
    std::string out;
    out.reserve(256 + size() * 48 + (headRequest ? 0 : body_.size()));
    out.append(getVersion()).append(" ").append(std::to_string(static_cast<int>(getStatus())));
    out.append(" ").append(getReason()).append("\r\n");
    // The fields as they are, but for the front's own, written in one pass: the first
    // Content-Length, Date and Connection in their place (where a handler set them), or after
    // the rest.
    const std::string length = std::to_string(bodySize());
    bool lengthWritten = false;
    bool dateWritten = false;
    bool connectionWritten = false;
    for (const auto& [name, value] : *this) {
        switch (frontField(name)) {
            case FrontField::TransferEncoding:
                // The front frames every answer by length; a handler's own framing gives way.
                continue;
            case FrontField::ContentLength:
                if (lengthWritten) break;
                lengthWritten = true;
                appendField(out, name, headRequest ? std::string_view(value) : length);
                continue;
            case FrontField::Date:
                if (dateWritten) break;
                dateWritten = true;
                appendField(out, name, httpDate());
                continue;
            case FrontField::Connection:
                if (connectionWritten) break;
                connectionWritten = true;
                appendField(out, name,
                            keepAliveText(value.empty() ? getVersion() == HTTP_1_1
                                                        : !equalsIgnoringCase(value, "close")));
                continue;
            case FrontField::None:
                break;
        }
        appendField(out, name, value);
    }
    if (!lengthWritten) appendField(out, "Content-Length", length);
    if (!dateWritten) appendField(out, "Date", httpDate());
    if (!connectionWritten) appendField(out, "Connection", keepAliveText(getVersion() == HTTP_1_1));
    out.append("\r\n");
    if (!headRequest) out.append(body_);
    return out;
}

BufferedRequest::BufferedRequest(ParsedRequest request, BufferedResponse& response,
                                 const Poco::Net::SocketAddress& client,
                                 const Poco::Net::SocketAddress& server,
                                 const Poco::Net::HTTPServerParams& params)
    : body_(std::move(request.body)),
      spooledBody_(std::move(request.spooledBody)),
      response_(response),
      client_(client),
      server_(server),
      params_(params) {
    setMethod(request.head.method);
    setURI(request.head.target);
    setVersion(request.head.minorVersion == 0 ? HTTP_1_0 : HTTP_1_1);
    // The front decided whether the connection persists; the first Connection field says so in
    // the words setKeepAlive() would have put there.
    const std::string& connection =
        request.head.keepAlive ? CONNECTION_KEEP_ALIVE : CONNECTION_CLOSE;
    bool connectionAdded = false;
    for (const auto& [name, value] : request.head.fields) {
        const FrontField field = frontField(name);
        // Framing was the front's business; handlers see a body of known length.
        if (field == FrontField::TransferEncoding || field == FrontField::ContentLength) continue;
        if (field == FrontField::Connection && !connectionAdded) {
            connectionAdded = true;
            add(name, connection);
            continue;
        }
        add(name, value);
    }
    if (spooledBody_) {
        setContentLength64(spooledBody_->size());
    } else if (request.head.framing != BodyFraming::None || !body_.empty()) {
        setContentLength64(static_cast<Poco::Int64>(body_.size()));
    }
    if (!connectionAdded) add(CONNECTION, connection);
    // Answers are HTTP/1.1 whatever the request's version (RFC 9110 section 6.2); an HTTP/1.0
    // client that asked to keep the connection is told so by Connection: keep-alive.
    response_.setKeepAlive(request.head.keepAlive);
}

std::istream& BufferedRequest::stream() {
    if (spooledBody_) return spooledBody_->reader();
    if (!stream_) stream_.emplace(std::move(body_));
    return *stream_;
}

}  // namespace lodestone::http
