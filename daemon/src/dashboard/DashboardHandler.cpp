// The dashboard's edge: an HTTP request becomes a DashboardRequest, the answer a response with
// the headers every dashboard page carries; whatever escapes a page becomes a 500 page.
#include <Poco/Exception.h>
#include <Poco/Logger.h>
#include <Poco/Net/HTMLForm.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/URI.h>

#include <sstream>

#include "dashboard/Dashboard.hpp"
#include "http/AccessLog.hpp"
#include "routing/StreamedResponse.hpp"

namespace lodestone::dashboard {
namespace {

// The largest of ours is a campaign's settings: its ICP criteria and a sequence of up to 50
// emails, URL-encoded. Anything bigger is not one of ours.
constexpr std::size_t kLargestForm = 1024 * 1024;
constexpr int kMostFields = 1000;

// No scripts at all; styles, images and form posts only from here; never framed.
constexpr const char* kPolicy =
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'";

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.dashboard");
}

class FormTooLarge : public std::runtime_error {
  public:
    FormTooLarge() : std::runtime_error("form too large") {}
};

void readForm(Poco::Net::HTTPServerRequest& request, Poco::Net::NameValueCollection& fields,
              Poco::Net::NameValueCollection& form) {
    // Refused before reading when the length says so: nothing of it is waited for.
    if (request.hasContentLength() && request.getContentLength64() > std::int64_t(kLargestForm))
        throw FormTooLarge();
    std::string body;
    char buffer[4096];
    auto& stream = request.stream();
    while (stream.read(buffer, sizeof buffer) || stream.gcount() > 0) {
        body.append(buffer, static_cast<std::size_t>(stream.gcount()));
        if (body.size() > kLargestForm) throw FormTooLarge();
    }
    Poco::Net::HTMLForm parsed;
    parsed.setFieldLimit(kMostFields);
    parsed.setValueLengthLimit(static_cast<int>(kLargestForm));  // Poco's own is 256 KiB
    std::istringstream in(body);
    parsed.read(in);
    for (const auto& [name, value] : parsed) {
        fields.add(name, value);
        form.add(name, value);
    }
}

bool isUpload(const Poco::Net::HTTPServerRequest& request) {
    return Poco::icompare(request.getContentType().substr(0, 19), "multipart/form-data") == 0;
}

class DashboardHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    DashboardHandler(Dashboard& dashboard, Page page, routing::Match match)
        : dashboard_(dashboard), page_(page), match_(std::move(match)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        Reply reply;
        try {
            reply = answer(request);
        } catch (const FormTooLarge&) {
            reply = problem(413, "Too large", "That form was larger than any of ours.", nullptr);
        } catch (const Poco::SyntaxException&) {
            reply = problem(400, "Bad request", "That address or form could not be read.", nullptr);
        } catch (const Poco::Net::HTMLFormException&) {
            reply = problem(400, "Bad request", "That address or form could not be read.", nullptr);
        } catch (const std::exception& e) {
            // The path as the access log shows it: never a set-password token or a query.
            log().error("%s %s failed: %s", request.getMethod(), http::loggedPath(request.getURI()),
                        std::string(e.what()));
            reply = problem(500, "Something went wrong",
                            "The dashboard could not answer; the daemon's log says why.", nullptr);
        }
        send(request, response, reply);
    }

  private:
    Reply answer(Poco::Net::HTTPServerRequest& request) {
        DashboardRequest incoming;
        incoming.method = request.getMethod() == "HEAD" ? "GET" : request.getMethod();
        incoming.params = match_.params;
        for (const auto& [name, value] : Poco::URI(request.getURI()).getQueryParameters())
            incoming.fields.add(name, value);
        if (incoming.method == "POST" && isUpload(request)) {
            // Read by the page as it arrives (a CSV file may be larger than any form): the
            // token the sign-in check wants comes with the address, as the form could not be
            // read before the page decides to read it.
            incoming.form.add("csrf", incoming.fields.get("csrf", ""));
            incoming.upload = &request.stream();
            incoming.uploadType = request.getContentType();
        } else if (incoming.method == "POST") {
            readForm(request, incoming.fields, incoming.form);
        }
        request.getCookies(incoming.cookies);
        incoming.clientAddress = request.clientAddress().host().toString();
        return dashboard_.answer(incoming, page_, match_);
    }

    static void send(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
                     const Reply& reply) {
        response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(reply.status));
        response.set("Content-Security-Policy", kPolicy);
        response.set("X-Content-Type-Options", "nosniff");
        response.set("X-Frame-Options", "DENY");
        response.set("Referrer-Policy", "same-origin");
        response.set("Cache-Control", "no-store");
        for (const auto& cookie : reply.setCookies) response.add("Set-Cookie", cookie);
        if (!reply.location.empty()) response.set("Location", reply.location);
        if (!reply.allow.empty()) response.set("Allow", reply.allow);
        response.setContentType(reply.contentType);
        if (!reply.attachment.empty()) {
            response.set("Content-Disposition",
                         "attachment; filename=\"" + reply.attachment + "\"");
        }
        if (reply.stream) {
            routing::sendStreamed(request, response, reply.stream, log());
            return;
        }
        response.setContentLength(static_cast<std::streamsize>(reply.body.size()));
        if (request.getMethod() == "HEAD") {
            response.send();
            return;
        }
        response.send() << reply.body;
    }

    Dashboard& dashboard_;
    Page page_;
    routing::Match match_;
};

}  // namespace

Poco::Net::HTTPRequestHandler* Dashboard::newHandler(Page page, const routing::Match& match) {
    return new DashboardHandler(*this, page, match);
}

}  // namespace lodestone::dashboard
