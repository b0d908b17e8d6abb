#include "support/FixtureSite.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/String.h>
#include <Poco/URI.h>

namespace lodestone::test {
namespace {

class PageHandler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit PageHandler(FixtureSite& site) : site_(site) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        std::string host = Poco::toLower(request.getHost());
        host = host.substr(0, host.find(':'));
        const std::string path = Poco::URI(request.getURI()).getPath();
        site_.record(host, path);
        const FixturePage page = fixturePage(host, path);
        if (page.hangs) {
            site_.hang();
            return;
        }
        response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(page.status));
        for (const auto& [name, value] : page.headers) response.add(name, value);
        response.sendBuffer(page.body.data(), page.body.size());
    }

  private:
    FixtureSite& site_;
};

class PageFactory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit PageFactory(FixtureSite& site) : site_(site) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new PageHandler(site_);
    }

  private:
    FixtureSite& site_;
};

}  // namespace

FixtureSite::FixtureSite() : server_(new PageFactory(*this), 64) {}

FixtureSite::~FixtureSite() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    released_.notify_all();
}

std::string FixtureSite::resolveYaml() const {
    std::string yaml = "{";
    for (const char* host : {kAcme, kLatin, kBroken, kLoop, kMetadata, kSlow, kShort}) {
        yaml += std::string(yaml.size() > 1 ? ", " : "") + host + ": \"" + address() + "\"";
    }
    return yaml + ", www." + kShort + ": \"" + address() + "\"}";
}

std::vector<std::string> FixtureSite::requests() const {
    const std::lock_guard lock(mutex_);
    return requests_;
}

int FixtureSite::hits(const std::string& host, const std::string& path) const {
    const std::lock_guard lock(mutex_);
    int count = 0;
    for (const auto& request : requests_) count += request == host + " " + path;
    return count;
}

void FixtureSite::record(const std::string& host, const std::string& path) {
    const std::lock_guard lock(mutex_);
    requests_.push_back(host + " " + path);
}

void FixtureSite::hang() {
    std::unique_lock lock(mutex_);
    released_.wait(lock, [this] { return stopping_; });
}

}  // namespace lodestone::test
