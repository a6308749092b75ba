"use strict";
const pulumi = require("@pulumi/pulumi");
const provider = require("./echo.provider.js");

/** Stores `message` and reports the `computeplatform:apiUrl` its provider was configured with. */
class Echo extends pulumi.dynamic.Resource {
  constructor(name, args, opts) {
    super(provider, name, { message: args.message, configuredUrl: undefined }, opts, "computeplatform", "Echo");
  }
}

module.exports = { Echo };
