/**
 * The driver's retry decisions for a cluster that loses a node. A replica killed mid-request and a
 * second one slow on a loaded host make a LOCAL_QUORUM read or write time out; sent once more
 * through another coordinator it succeeds, where the driver's own policy would hand the client a
 * 5xx (it retries a write timeout only for the batch log, and a read timeout only when the data did
 * not come back). A write is sent again only when its statement is idempotent (client.ts says which
 * are); everything else is the driver's default.
 */
import cassandra from 'cassandra-driver';

type OperationInfo = cassandra.policies.retry.OperationInfo;
type Decision = cassandra.policies.retry.DecisionInfo;

export class OnceMoreOnTimeout extends cassandra.policies.retry.RetryPolicy {
  override onReadTimeout(
    info: OperationInfo,
    _consistency: cassandra.types.consistencies,
    _received: number,
    _blockFor: number,
    _isDataPresent: boolean,
  ): Decision {
    return info.nbRetry > 0 ? this.rethrowResult() : this.anotherCoordinator(info);
  }

  override onWriteTimeout(
    info: OperationInfo,
    _consistency: cassandra.types.consistencies,
    _received: number,
    _blockFor: number,
    _writeType: string,
  ): Decision {
    if (info.nbRetry > 0 || !info.executionOptions.isIdempotent()) return this.rethrowResult();
    return this.anotherCoordinator(info);
  }

  /** The same statement at its own consistency, coordinated by the next host of the plan. */
  private anotherCoordinator(info: OperationInfo): Decision {
    return this.retryResult(info.executionOptions.getConsistency(), false);
  }
}
