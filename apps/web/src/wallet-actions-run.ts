import { sendTransaction, signMessage } from '@wagmi/core'
import { parseEther } from 'viem'

// Loaded on the first click: signing and sending pull in viem code the first paint does not need.
export { parseEther, sendTransaction, signMessage }
