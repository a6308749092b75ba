// GPU/CPU pods, clusters, serverless endpoints, network volumes and more on the Compute Platform v2 API.
package computeplatform
