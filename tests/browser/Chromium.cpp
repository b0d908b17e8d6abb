#include "Chromium.hpp"

#include <fstream>
#include <stdexcept>

namespace lodestone::test {

std::string Chromium::executable() {
    return CHROMIUM_PATH;
}

Chromium::Chromium() {
    // Headless, with nothing of its own reaching the network: no updates, sync, field trials or
    // safe browsing, a proxy on a closed port and a resolver that knows no names, so a page that
    // asked for anything outside would fail here rather than leave the machine. The test checks
    // that it asks for nothing outside 127.0.0.1 anyway.
    process_ = std::make_unique<ChildProcess>(
        executable(),
        std::vector<std::string>{"--headless",
                                 "--no-sandbox",
                                 "--disable-gpu",
                                 "--disable-quic",
                                 "--no-first-run",
                                 "--disable-background-networking",
                                 "--disable-component-update",
                                 "--disable-sync",
                                 "--disable-default-apps",
                                 "--disable-extensions",
                                 "--no-default-browser-check",
                                 "--disable-domain-reliability",
                                 "--disable-client-side-phishing-detection",
                                 "--no-pings",
                                 "--mute-audio",
                                 "--hide-scrollbars",
                                 "--proxy-server=127.0.0.1:9",
                                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                                 "--user-data-dir=" + profile_.path().string(),
                                 "--remote-debugging-address=127.0.0.1",
                                 "--remote-debugging-port=0",
                                 "about:blank"});
    // Chromium writes the port it chose, and the browser endpoint's path, into the profile.
    const auto portFile = profile_ / "DevToolsActivePort";
    std::string port;
    std::string path;
    if (!eventually(
            [&] {
                std::ifstream file(portFile);
                return static_cast<bool>(std::getline(file, port) && std::getline(file, path));
            },
            std::chrono::seconds(30))) {
        throw std::runtime_error("chromium did not open its DevTools port: " + process_->errors());
    }
    devTools_ = std::make_unique<DevTools>(static_cast<std::uint16_t>(std::stoi(port)), path);
}

Chromium::~Chromium() {
    try {
        devTools_->call("Browser.close");
    } catch (const std::exception&) {
        // the connection drops as the browser closes; the wait below decides
    }
    devTools_.reset();
    if (!process_->wait(std::chrono::seconds(10))) process_.reset();  // killed by its destructor
}

std::string Chromium::openTab() {
    Poco::JSON::Object::Ptr create = new Poco::JSON::Object;
    create->set("url", "about:blank");
    const std::string target =
        devTools_->call("Target.createTarget", create)->getValue<std::string>("targetId");
    Poco::JSON::Object::Ptr attach = new Poco::JSON::Object;
    attach->set("targetId", target);
    attach->set("flatten", true);
    return devTools_->call("Target.attachToTarget", attach)->getValue<std::string>("sessionId");
}

}  // namespace lodestone::test
