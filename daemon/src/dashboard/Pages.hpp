#pragma once

#include "dashboard/Dashboard.hpp"
#include "storage/PageRequest.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/Repositories.hpp"
#include "webhooks/DeliveryRecords.hpp"

// Each page of the dashboard: what it reads, what it changes, what it shows.
namespace lodestone::dashboard {

// Signing in and out (AuthPages.cpp).
Reply loginForm(Dashboard& dashboard, DashboardRequest& request, const std::string& error = "");
Reply login(Dashboard& dashboard, DashboardRequest& request);
Reply logout(Dashboard& dashboard, DashboardRequest& request);
Reply setPasswordForm(Dashboard& dashboard, DashboardRequest& request);
Reply setPassword(Dashboard& dashboard, DashboardRequest& request);

// The pipeline (PipelinePages.cpp, ProspectPage.cpp). `error`: the campaigns page shown again
// with a new campaign's form and what was wrong with it.
Reply overview(Dashboard& dashboard, DashboardRequest& request);
Reply campaigns(Dashboard& dashboard, DashboardRequest& request, const std::string& error = "");
Reply prospect(Dashboard& dashboard, DashboardRequest& request);
Reply redeliver(Dashboard& dashboard, DashboardRequest& request);
// A delivered or failed webhook delivery of `owner` (the one the path's fourth part names) queued
// once more, with the same webhook-id, and written to the audit log naming the owner as
// `ownerName`; then a 303 to `done`. A delivery of another owner is as unknown (404, "This
// <ownerKind> has no such webhook delivery"); one still due or under way is 409. Shared by
// campaigns' and endpoints' Redeliver buttons.
Reply redeliverOwned(Dashboard& dashboard, DashboardRequest& request,
                     const webhooks::DeliveryOwner& owner, const std::string& ownerKind,
                     const std::string& ownerName, const std::string& done);

// A campaign: its page, its settings saved, and a new one (CampaignPages.cpp).
Reply campaign(Dashboard& dashboard, DashboardRequest& request);
Reply saveCampaignSettings(Dashboard& dashboard, DashboardRequest& request);
Reply createCampaign(Dashboard& dashboard, DashboardRequest& request);
// The campaign page's prospect filters (q, status, minScore) as its form sent them; what cannot
// be read is no filter, as an empty box would be.
storage::ProspectFilter prospectFilter(const DashboardRequest& request,
                                       const std::string& campaignId);

// The campaign's prospects as a CSV file, with the page's filters, and a prospect's data as a
// JSON document: downloads the same as the API's (ExportPages.cpp, docs/lists.md).
Reply exportLeads(Dashboard& dashboard, DashboardRequest& request);
Reply exportPerson(Dashboard& dashboard, DashboardRequest& request);

// A campaign page's preview of one step of a prospect's sequence, beside the sequence form
// (its query's previewProspect and previewStep; `prospects`: the page's, offered as choices), and
// that message sent to an address as a test, by admins (CampaignPreviewPages.cpp).
void addPreview(Dashboard& dashboard, const DashboardRequest& request,
                const domain::Campaign& campaign, const std::vector<domain::Prospect>& prospects,
                mustache::data& data);
Reply sendTestMessage(Dashboard& dashboard, DashboardRequest& request);

// Lists in (ImportPages.cpp): a campaign page's recent imports, a CSV file uploaded from it, and
// an import's own page (its progress and rejected rows).
void addImports(Dashboard& dashboard, const domain::Campaign& campaign, mustache::data& data);
Reply importLeads(Dashboard& dashboard, DashboardRequest& request);
Reply leadImport(Dashboard& dashboard, DashboardRequest& request);

// A campaign's webhook: a test event, and its signing secret rotated (CampaignWebhookPages.cpp).
Reply sendTestEvent(Dashboard& dashboard, DashboardRequest& request);
Reply rotateSecret(Dashboard& dashboard, DashboardRequest& request);
Reply newSecret(Dashboard& dashboard, DashboardRequest& request);
// A campaign paused or resumed (CampaignWebhookPages.cpp), by members and admins alike.
Reply pauseCampaign(Dashboard& dashboard, DashboardRequest& request);
Reply resumeCampaign(Dashboard& dashboard, DashboardRequest& request);
// The operator's own campaign named by the path; another organisation's is as unknown.
std::optional<domain::Campaign> ownCampaign(Dashboard& dashboard, const DashboardRequest& request);

// Projects: their schema and their jobs (ProjectPages.cpp).
Reply projects(Dashboard& dashboard, DashboardRequest& request, const std::string& error = "");
Reply createProject(Dashboard& dashboard, DashboardRequest& request);
Reply project(Dashboard& dashboard, DashboardRequest& request);
Reply saveSchema(Dashboard& dashboard, DashboardRequest& request);
Reply retryJob(Dashboard& dashboard, DashboardRequest& request);
// Queues the project's failed lead-magnet job again (charging it again) and records who did;
// a reply saying why not when it cannot be, none when it was.
std::optional<Reply> retryLeadMagnetJob(Dashboard& dashboard, DashboardRequest& request,
                                        const domain::Project& project, const std::string& jobId);
// The prospect's own lead magnet, retried from its page (the Retry beside "paused").
Reply retryProspectLeadMagnet(Dashboard& dashboard, DashboardRequest& request);

// What admins manage, and what everyone changed (AdminPages.cpp).
Reply keys(Dashboard& dashboard, DashboardRequest& request, const std::string& flash = "",
           int status = 200);
Reply createKey(Dashboard& dashboard, DashboardRequest& request);
Reply newKey(Dashboard& dashboard, DashboardRequest& request);
Reply revokeKey(Dashboard& dashboard, DashboardRequest& request);
Reply audit(Dashboard& dashboard, DashboardRequest& request);

// The organisation's operators, for admins (OperatorPages.cpp).
Reply operators(Dashboard& dashboard, DashboardRequest& request, const std::string& flash = "",
                int status = 200);
Reply addOperator(Dashboard& dashboard, DashboardRequest& request);
Reply newOperatorLink(Dashboard& dashboard, DashboardRequest& request);
Reply shownLink(Dashboard& dashboard, DashboardRequest& request);
Reply disableOperator(Dashboard& dashboard, DashboardRequest& request);
// The operator named by the path, when they are of the admin's own organisation.
std::optional<domain::Operator> ownOperator(storage::Repositories& r,
                                            const DashboardRequest& request);

// Webhook endpoints and their failed deliveries, for admins (EndpointPages.cpp).
Reply endpoints(Dashboard& dashboard, DashboardRequest& request, const std::string& error = "");
Reply createEndpoint(Dashboard& dashboard, DashboardRequest& request);
Reply newEndpointSecret(Dashboard& dashboard, DashboardRequest& request);
Reply deleteEndpoint(Dashboard& dashboard, DashboardRequest& request);
Reply redeliverToEndpoint(Dashboard& dashboard, DashboardRequest& request);
// The organisation's own endpoint named by the path; another organisation's is as unknown.
std::optional<domain::WebhookEndpoint> ownEndpoint(Dashboard& dashboard,
                                                   const DashboardRequest& request);

// The organisation's suppression list: read by every operator, added to and lifted by admins
// (SuppressionPages.cpp). `error` shows the form again with what was wrong.
Reply suppressions(Dashboard& dashboard, DashboardRequest& request, const std::string& error = "");
Reply addSuppression(Dashboard& dashboard, DashboardRequest& request);
Reply liftSuppression(Dashboard& dashboard, DashboardRequest& request);

// The page asking to confirm each change that cannot be undone; its form posts to the change's
// own route (ConfirmPages.cpp).
Reply confirmRevokeKey(Dashboard& dashboard, DashboardRequest& request);
Reply confirmDisableOperator(Dashboard& dashboard, DashboardRequest& request);
Reply confirmDeleteEndpoint(Dashboard& dashboard, DashboardRequest& request);
Reply confirmRotateSecret(Dashboard& dashboard, DashboardRequest& request);

// How the dashboard names its operator in the audit log.
std::string actorOf(const DashboardRequest& request);

// The page of a listing the request's cursor asks for, read with one row more than a page shows
// (a cursor that is not one of ours starts over).
storage::PageRequest pageOf(const DashboardRequest& request);
// `text` for a query string.
std::string urlEncoded(const std::string& text);

}  // namespace lodestone::dashboard
