#include "http/BufferedExchange.hpp"

#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/String.h>
#include <Poco/Timestamp.h>

#include <fstream>

namespace lodestone::http {

std::ostream& BufferedResponse::send() {
    sent_ = true;
    return body_;
}

void BufferedResponse::sendFile(const std::string& path, const std::string& mediaType) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Poco::FileNotFoundException(path);
    setContentType(mediaType);
    send() << file.rdbuf();
}

void BufferedResponse::sendBuffer(const void* buffer, std::size_t length) {
    send().write(static_cast<const char*>(buffer), static_cast<std::streamsize>(length));
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
    std::string body = body_.str();
    // The front frames every answer by length; a handler's own framing, if any, gives way.
    erase("Transfer-Encoding");
    if (!headRequest || !hasContentLength())
        setContentLength64(static_cast<Poco::Int64>(body.size()));
    // The wall clock, not the application's: RFC 9110 dates a message by when it was sent.
    set("Date",
        Poco::DateTimeFormatter::format(Poco::Timestamp(), Poco::DateTimeFormat::HTTP_FORMAT));
    set("Connection", getKeepAlive() ? "keep-alive" : "close");

    std::string out;
    out.reserve(256 + body.size());
    out.append(getVersion()).append(" ").append(std::to_string(static_cast<int>(getStatus())));
    out.append(" ").append(getReason()).append("\r\n");
    for (const auto& [name, value] : *this)
        out.append(name).append(": ").append(value).append("\r\n");
    out.append("\r\n");
    if (!headRequest) out.append(body);
    return out;
}

BufferedRequest::BufferedRequest(ParsedRequest request, BufferedResponse& response,
                                 const Poco::Net::SocketAddress& client,
                                 const Poco::Net::SocketAddress& server,
                                 const Poco::Net::HTTPServerParams& params)
    : body_(std::move(request.body)),
      response_(response),
      client_(client),
      server_(server),
      params_(params) {
    setMethod(request.head.method);
    setURI(request.head.target);
    setVersion(request.head.minorVersion == 0 ? HTTP_1_0 : HTTP_1_1);
    for (auto& [name, value] : request.head.fields) {
        // Framing was the front's business; handlers see a body of known length.
        if (Poco::icompare(name, "Transfer-Encoding") == 0 ||
            Poco::icompare(name, "Content-Length") == 0) {
            continue;
        }
        add(name, value);
    }
    const auto bodySize = body_.rdbuf()->in_avail();
    if (request.head.framing != BodyFraming::None || bodySize > 0) {
        setContentLength64(static_cast<Poco::Int64>(bodySize));
    }
    setKeepAlive(request.head.keepAlive);
    // Answers are HTTP/1.1 whatever the request's version (RFC 9110 section 6.2); an HTTP/1.0
    // client that asked to keep the connection is told so by Connection: keep-alive.
    response_.setKeepAlive(request.head.keepAlive);
}

}  // namespace lodestone::http
