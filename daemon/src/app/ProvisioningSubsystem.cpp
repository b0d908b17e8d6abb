#include <Poco/Logger.h>

#include <iostream>

#include "admin/Provisioner.hpp"
#include "app/Banner.hpp"
#include "app/Subsystems.hpp"

namespace lodestone::app {

void ProvisioningSubsystem::apply(const config::Config& config) {
    if (config.provision.organisations.empty()) return;
    auto report = admin::provision(storage_.store(), config.provision);
    auto& log = Poco::Logger::get("lodestone.provision");
    for (const auto& warning : admin::provisionWarnings(config)) log.warning(warning);
    for (const auto& change : report.changes) log.information(change);
    if (report.changes.empty()) log.information("provisioned organisations are up to date");
    // The public URL in force is the one read at start (it is not reloaded).
    printNewKeys(std::cout, report, config_.server.publicUrl);
}

}  // namespace lodestone::app
