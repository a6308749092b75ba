"use strict";
// A dynamic provider module whose exports are exactly the provider methods, like the real ones, so that
// Pulumi serializes it as require("computeplatform-fixture-provider/echo.provider.js").
const crypto = require("node:crypto");

let configuredUrl = "";

exports.configure = async (req) => {
  configuredUrl = req.config.get("computeplatform:apiUrl") ?? "";
};

exports.diff = async (_id, olds, news) => {
  const changes = olds.message !== news.message;
  return { changes, replaces: [] };
};

exports.create = async (inputs) => ({
  id: crypto.randomUUID(),
  outs: { message: inputs.message, configuredUrl },
});

exports.update = async (_id, _olds, news) => ({ outs: { message: news.message, configuredUrl } });

exports.delete = async () => {};
