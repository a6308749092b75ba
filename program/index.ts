/**
 * The repository's own Pulumi program (Pulumi.yaml at the root): it deploys the manifest that the stack config
 * `manifest` names, by default manifest.yaml beside Pulumi.yaml. The stack outputs are the manifest's `outputs`.
 */
import * as pulumi from "@pulumi/pulumi";
import { loadManifest } from "pulumi-computeplatform";

const manifest = new pulumi.Config().get("manifest") ?? "manifest.yaml";

export = loadManifest(manifest).then((loaded) => loaded.outputs);
